// The device cookie on the web app's requests (`tt_device`, auth/device-cookies.ts): read once per
// request by createRequestContext, and set when a browser signs in (login, signup, an accepted
// invitation). HttpOnly, SameSite=Lax, Path=/, Secure in production, like the session cookie; it
// outlives sign-out on purpose (it proves the browser, not a session).
import type { DeviceHandle } from "@/server/api/trpc";
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_SECONDS, issueDeviceCookie, readDeviceCookie } from "@/server/auth/device-cookies";
import { cookieAttributes, parseCookies } from "@/server/http/session-cookie";

/** The device of a request that carries none and can be given none (the public API's). */
export const NO_DEVICE: DeviceHandle = { proof: undefined, remember() {} };

/** The proof a Cookie header's device cookie holds (its signature checked), or undefined. */
export function deviceProofOf(cookieHeader: string | null | undefined): ReturnType<typeof readDeviceCookie> {
  return readDeviceCookie(parseCookies(cookieHeader ?? null).get(DEVICE_COOKIE));
}

/** The request's device; `remember` appends the new cookie's Set-Cookie to `resHeaders`. */
export function readDeviceHandle(requestHeaders: Headers, resHeaders: Headers): DeviceHandle {
  return {
    proof: deviceProofOf(requestHeaders.get("cookie")),
    remember(userId) {
      resHeaders.append("set-cookie", `${DEVICE_COOKIE}=${issueDeviceCookie(userId)}; ${cookieAttributes(DEVICE_COOKIE_TTL_SECONDS)}`);
    },
  };
}
