// The context a procedure runs in, built once per request by the edge that received it.
import { getDb } from "@/server/db";
import type { RequestContext } from "@/server/api/trpc";
import { readSession, NO_SESSION } from "@/server/api/middleware/session";

/** The web app's edges (/api/app, /api/trpc): the session comes from the cookie. */
export async function createRequestContext(request: Request, resHeaders: Headers): Promise<RequestContext> {
  return {
    db: await getDb(),
    edge: "app",
    headers: request.headers,
    resHeaders,
    session: await readSession(request.headers, resHeaders),
    requestUrl: request.url,
  };
}

/** The public API: an API key is the only credential, so the session cookie is never read. */
export async function createApiContext(headers: Headers, requestUrl: string, resHeaders: Headers): Promise<RequestContext> {
  return { db: await getDb(), edge: "api", headers, resHeaders, session: NO_SESSION, requestUrl };
}
