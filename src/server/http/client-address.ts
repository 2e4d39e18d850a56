// The client's network address, for per-address throttling. The request guard (request-guard.ts),
// in front of Next at the Node server, writes the socket's address into CLIENT_ADDRESS_HEADER,
// replacing whatever a client sent under that name. Next itself only sets X-Forwarded-For from the
// socket when the request has none, so without a proxy every entry of it can be forged.
// Behind a trusted proxy (TRUST_PROXY=1) the right-most entry is the one the proxy appended, the only
// one a client cannot forge. Without the guard (an in-process caller, the tests' harness) the
// right-most X-Forwarded-For entry stands in.
import { getEnv } from "@/env";

export const CLIENT_ADDRESS_HEADER = "x-orbit-client-address";

export function clientAddressOf(headers: Headers): string | undefined {
  const socket = headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  if (socket && !getEnv().trustProxy) return socket.slice(0, 64);
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries.at(-1)?.slice(0, 64) ?? socket?.slice(0, 64);
}
