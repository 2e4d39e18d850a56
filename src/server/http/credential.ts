// Who a request says it is, read once at Orbit's server (pipeline.ts) and carried to every step that
// asks: the lane (lanes.ts), the API key's admission and the session (through the request context, on
// /api/v1 directly and in Next's part of a request by `carryingCredential`) and the key memory after
// the answer. The API key is parsed and hashed at most once per request and the session cookie
// unsealed at most once, each only when a step asks for it (a page's request never hashes anything).
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";
import { readPresentedKey, type PresentedKey } from "@/server/api/middleware/api-key";
import type { SessionData } from "@/server/api/trpc";
import { rightmostAddress } from "@/server/http/client-address";
import { unsealSessionCookie } from "@/server/http/session-cookie";
import { processState } from "@/server/process-state";

export interface RequestCredential {
  /** The API key the Authorization header presents (parsed and hashed on first use). */
  readonly presentedKey: PresentedKey;
  /** The client's address as the request guard settled it (client-address.ts); undefined when unknown. */
  readonly clientAddress: string | undefined;
  /** The Cookie header as it came. */
  readonly cookie: string | undefined;
  /** The session its cookie holds, or null (unsealed on first use). */
  session(): Promise<SessionData | null>;
}

/** The request's credential; call it after the request guard settled the client's address. */
export function readCredential(request: IncomingMessage): RequestCredential {
  const forwardedFor = request.headers["x-forwarded-for"];
  const clientAddress = rightmostAddress(Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor);
  const cookie = request.headers.cookie;
  let presentedKey: PresentedKey | undefined;
  let session: Promise<SessionData | null> | undefined;
  return {
    get presentedKey() {
      return (presentedKey ??= readPresentedKey(request.headers.authorization));
    },
    clientAddress,
    cookie,
    session: () => (session ??= unsealSessionCookie(cookie)),
  };
}

// In the process's registry: the server and Next's route bundles load this module separately.
const carriedCredentials = processState("carriedCredential", () => new AsyncLocalStorage<RequestCredential>());

/** Runs Next's part of a request with its credential, for the request context to take instead of reading it again. */
export function carryingCredential<T>(credential: RequestCredential, work: () => T): T {
  return carriedCredentials.run(credential, work);
}

/** The credential Orbit's server carried into the current request, if it came through that server. */
export function carriedCredential(): RequestCredential | undefined {
  return carriedCredentials.getStore();
}
