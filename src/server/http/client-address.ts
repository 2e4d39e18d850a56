// The client's network address, for per-address throttling: the right-most X-Forwarded-For entry.
// Orbit's server sets that header before any route sees a request (the request guard, pipeline.ts's
// first step): without TRUST_PROXY to the socket's address, replacing whatever a client sent; behind a
// trusted proxy (TRUST_PROXY=1) it keeps the proxy's header, whose right-most entry is the one the
// proxy appended, the only one a client cannot forge.
import { unmappedAddress } from "@/server/lib/address-group";

export function clientAddressOf(headers: Headers): string | undefined {
  return rightmostAddress(headers.get("x-forwarded-for"));
}

/** The right-most entry of an X-Forwarded-For value (at most 64 characters), an IPv4-mapped one as IPv4 (what sessions and the audit log show). */
export function rightmostAddress(forwardedFor: string | null | undefined): string | undefined {
  if (!forwardedFor) return undefined;
  const entries = forwardedFor.split(",").map((entry) => entry.trim()).filter(Boolean);
  const last = entries.at(-1);
  return last === undefined ? undefined : unmappedAddress(last).slice(0, 64);
}
