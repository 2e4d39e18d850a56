// Webhook host names are resolved with c-ares (`dns.promises.Resolver`), which does its own network
// I/O on the event loop, not with getaddrinfo (`dns.lookup`), which blocks a libuv thread-pool thread
// per lookup: the pool scrypt password hashing runs on, only 4 threads by default, where a slow DNS
// server would stall sign-ins. Each resolution also has its own short time budget.
import dns from "node:dns";
import { isIP } from "node:net";

/** One DNS query's timeout; A and AAAA are asked in parallel, each tried twice at most. */
export const DNS_QUERY_TIMEOUT_MS = 1_500;
const DNS_TRIES = 2;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const LOCALHOST_ADDRESSES: ResolvedAddress[] = [
  { address: "127.0.0.1", family: 4 },
  { address: "::1", family: 6 },
];

let resolver: dns.promises.Resolver | undefined;

/** Every A and AAAA address of a name; fails (with the DNS error code) when neither query answers. */
async function resolveAll(hostname: string): Promise<ResolvedAddress[]> {
  const family = isIP(hostname);
  if (family) return [{ address: hostname, family: family === 6 ? 6 : 4 }];
  // "localhost" is loopback by definition (RFC 6761) and is not in DNS.
  if (/^localhost\.?$/i.test(hostname) || /\.localhost\.?$/i.test(hostname)) return LOCALHOST_ADDRESSES;
  resolver ??= new dns.promises.Resolver({ timeout: DNS_QUERY_TIMEOUT_MS, tries: DNS_TRIES });
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses = [
    ...(v4.status === "fulfilled" ? v4.value.map((address): ResolvedAddress => ({ address, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address): ResolvedAddress => ({ address, family: 6 })) : []),
  ];
  if (addresses.length) return addresses;
  // Both failed or both were empty: report the IPv4 query's error (ENOTFOUND, ETIMEOUT, …).
  if (v4.status === "rejected") throw v4.reason;
  if (v6.status === "rejected") throw v6.reason;
  return [];
}

/** Read through this object at call time, so that tests can answer lookups from a table. */
export const hostResolver = { resolveAll };
