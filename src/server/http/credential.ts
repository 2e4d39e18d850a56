// Who a request says it is, read once at Orbit's server (pipeline.ts) and carried to every step that
// asks: the lane (lanes.ts), the API key's admission (through the request context) and the key memory
// after the answer. The API key is parsed and hashed at most once per request, and only when a step
// asks for it (a page's request never hashes anything).
import type { IncomingMessage } from "node:http";
import { readPresentedKey, type PresentedKey } from "@/server/api/middleware/api-key";
import { rightmostAddress } from "@/server/http/client-address";

export interface RequestCredential {
  /** The API key the Authorization header presents (parsed and hashed on first use). */
  readonly presentedKey: PresentedKey;
  /** The client's address as the request guard settled it (client-address.ts); undefined when unknown. */
  readonly clientAddress: string | undefined;
}

/** The request's credential; call it after the request guard settled the client's address. */
export function readCredential(request: IncomingMessage): RequestCredential {
  const forwardedFor = request.headers["x-forwarded-for"];
  const clientAddress = rightmostAddress(Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor);
  let presentedKey: PresentedKey | undefined;
  return {
    get presentedKey() {
      return (presentedKey ??= readPresentedKey(request.headers.authorization));
    },
    clientAddress,
  };
}
