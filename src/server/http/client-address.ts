// The client's network address, for per-address throttling. Next sets X-Forwarded-For from the socket
// when the request has none; behind a trusted proxy (TRUST_PROXY=1) the right-most entry is the one
// the proxy appended, the only one a client cannot forge.
import { getEnv } from "@/env";

export function clientAddressOf(headers: Headers): string | undefined {
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) return undefined;
  return (getEnv().trustProxy ? entries[entries.length - 1] : entries[0])!.slice(0, 64);
}
