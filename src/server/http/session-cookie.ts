// The web app's session cookie: an iron-session sealed `tt_session` holding the user id and the
// session record's id (services/auth/sessions.ts). Unsealed once per request (http/credential.ts); saving or destroying the
// session queues its Set-Cookie on the response headers.
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";
import type { SessionData, SessionHandle } from "@/server/api/trpc";
import { SESSION_TTL_MS } from "@/lib/limits";

const SESSION_COOKIE = "tt_session";
const SESSION_TTL_SECONDS = SESSION_TTL_MS / 1000;

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

export function cookieAttributes(maxAge: number): string {
  const secure = getEnv().appEnv === "production" ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The session of a request that carries none and can start none (the public API's). */
export const NO_SESSION: SessionHandle = {
  data: null,
  save: () => Promise.reject(new Error("An API request cannot start a session.")),
  destroy() {},
};

/**
 * The session a cookie value holds, or null. Anything malformed (an undecodable escape, a forged or
 * expired seal, a wrong shape) is no session: a cookie planted by a sibling subdomain must not break
 * the routes that work signed out.
 */
async function unsealSession(sealed: string | undefined, password: string): Promise<SessionData | null> {
  if (!sealed) return null;
  try {
    const unsealed = await unsealData<Partial<SessionData>>(decodeURIComponent(sealed), { password, ttl: SESSION_TTL_SECONDS });
    return typeof unsealed.userId === "string" && typeof unsealed.sessionId === "string" ? { userId: unsealed.userId, sessionId: unsealed.sessionId } : null;
  } catch {
    return null;
  }
}

/** The session a Cookie header's `tt_session` holds (its seal checked), or null. */
export function unsealSessionCookie(cookieHeader: string | null | undefined): Promise<SessionData | null> {
  return unsealSession(parseCookies(cookieHeader ?? null).get(SESSION_COOKIE), getEnv().sessionSecret);
}

/**
 * The session the request's cookie holds (`unsealed`: as the server already read it); `save` and
 * `destroy` append Set-Cookie to `resHeaders`.
 */
export async function readSessionCookie(requestHeaders: Headers, resHeaders: Headers, unsealed?: Promise<SessionData | null>): Promise<SessionHandle> {
  const password = getEnv().sessionSecret;
  const data = await (unsealed ?? unsealSessionCookie(requestHeaders.get("cookie")));
  const handle: SessionHandle = {
    data,
    async save(next) {
      const value = await sealData(next, { password, ttl: SESSION_TTL_SECONDS });
      handle.data = next;
      resHeaders.append("set-cookie", `${SESSION_COOKIE}=${value}; ${cookieAttributes(SESSION_TTL_SECONDS)}`);
    },
    destroy() {
      handle.data = null;
      resHeaders.append("set-cookie", `${SESSION_COOKIE}=; ${cookieAttributes(0)}`);
    },
  };
  return handle;
}
