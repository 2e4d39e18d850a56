// The context a procedure runs in, built here and only here: by every edge (/api/v1, /api/app, the
// file routes, /api/trpc) and for the pages' server-side reads (src/trpc/server.tsx).
import { getDb, openedDb } from "@/server/db";
import type { RequestContext } from "@/server/api/trpc";
import { readPresentedKey } from "@/server/api/middleware/api-key";
import { clientAddressOf } from "@/server/http/client-address";
import { carriedCredential, type RequestCredential } from "@/server/http/credential";
import { publicOrigin } from "@/server/http/origin";
import { NO_SESSION, readSessionCookie } from "@/server/http/session-cookie";
import { NO_DEVICE, readDeviceHandle } from "@/server/http/device-cookie";

export interface RequestContextInput {
  headers: Headers;
  /** The URL the request was addressed to; absent for a page's in-process read. */
  url?: string;
  /** Where the response's headers are gathered (rate limits, Set-Cookie). */
  resHeaders: Headers;
  /** The web app's session cookie, or an API key (the public API, which never reads the cookie). */
  credential: "session" | "api-key";
  /**
   * What Orbit's server read of the credential at the socket (pipeline.ts): given by the v1 edge, carried
   * into Next's routes and pages otherwise; read from `headers` when the request did not come through
   * that server (tests, another server).
   */
  carried?: RequestCredential;
}

export async function createRequestContext({ headers, url, resHeaders, credential, carried = carriedCredential() }: RequestContextInput): Promise<RequestContext> {
  // The carried session is the one these headers hold: Next's part of a request keeps its Cookie header.
  const unsealed = carried && carried.cookie === (headers.get("cookie") ?? undefined) ? carried.session() : undefined;
  return {
    db: openedDb() ?? (await getDb()),
    edge: credential === "api-key" ? "api" : "app",
    headers,
    resHeaders,
    session: credential === "session" ? await readSessionCookie(headers, resHeaders, unsealed) : NO_SESSION,
    device: credential === "session" ? readDeviceHandle(headers, resHeaders) : NO_DEVICE,
    presentedKey: carried?.presentedKey ?? readPresentedKey(headers.get("authorization")),
    clientAddress: carried ? carried.clientAddress : clientAddressOf(headers),
    origin: publicOrigin(headers, url),
  };
}
