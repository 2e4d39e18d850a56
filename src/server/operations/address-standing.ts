// Which anonymous clients (addresses, IPv6 by their /64) failed a sign-in or an invitation lately, or
// were refused by the sign-in, sign-up or invitation throttles: fair admission serves the other anonymous clients first
// (http/lanes.ts gives such an address a later rank in the anonymous pool, load/admission.ts). A flood
// of failed logins from rotating addresses thus waits behind a stranger's first login once each of
// its addresses has failed once. Recorded where the failure is decided (services/auth/throttle.ts),
// read by the edge; one bounded map per process (process-state.ts: the server and the routes may load
// this twice), the least recently failed forgotten first.
import { addressGroup } from "@/server/lib/address-group";
import { processState } from "@/server/process-state";

/** How long a failure keeps an address behind the others. */
export const STANDING_WINDOW_MS = 10 * 60_000;
/** Addresses remembered at most. */
const REMEMBERED_ADDRESSES = 50_000;

/** Address group → the instant of its latest failure, the latest last. */
const failedAt = processState("failedAddresses", () => new Map<string, number>());

/** A failed sign-in or invitation, or a refusal by a throttle, from `address`. */
export function recordFailedAttempt(address: string | undefined, now = Date.now()): void {
  if (!address) return;
  const group = addressGroup(address);
  failedAt.delete(group);
  failedAt.set(group, now);
  if (failedAt.size > REMEMBERED_ADDRESSES) failedAt.delete(failedAt.keys().next().value!);
}

/** Whether the address failed within STANDING_WINDOW_MS. */
export function hasFailedLately(address: string, now = Date.now()): boolean {
  const at = failedAt.get(addressGroup(address));
  return at !== undefined && at > now - STANDING_WINDOW_MS;
}
