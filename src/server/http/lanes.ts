// Which lane of fair admission (admission.ts) a request at Orbit's server belongs to: who sent it, as
// far as the edge can tell before any work is done.
//   - /api/v1: the API key (its SHA-256 hash), once that key has been accepted by this process; a key
//     not seen yet, or made up, is its sender's address (a new made-up key per request must not make
//     a new lane per request);
//   - /api/app, /api/trpc and pages: the signed-in user of a session cookie whose seal holds, or else
//     the user whose device cookie (auth/device-cookies.ts) the browser carries and whose signature
//     holds: a browser that signed in before is served in its user's lane, its login included, not
//     among strangers;
//   - everything else (a login or signup from a browser never signed in, a calendar feed, a bad
//     cookie): the client's address, IPv6 addresses by their /64, as a client of the anonymous pool
//     (load/bounds.ts ANONYMOUS_POOL) with a pace of its own (ANONYMOUS_PACE), ranked after the others
//     (and sharing one more pace with them) while its sign-ins failed lately (operations/address-standing.ts).
// /api/health, /api/ready and /api/metrics have no lane: probes and scrapers answer under any load,
// and they are cheap.
import type { IncomingMessage } from "node:http";
import type { LaneTerms } from "@/server/load/admission";
import { ANONYMOUS_PACE, ANONYMOUS_POOL } from "@/server/load/bounds";
import { readCredential, type RequestCredential } from "@/server/http/credential";
import { deviceProofOf } from "@/server/http/device-cookie";
import { addressGroup } from "@/server/lib/address-group";
import { hasFailedLately } from "@/server/operations/address-standing";
import { processState } from "@/server/process-state";

export { addressGroup };

/** Paths answered outside the lanes. */
export const UNLANED_PATHS: ReadonlySet<string> = new Set(["/api/health", "/api/ready", "/api/metrics"]);

/** Keys and sessions remembered per process, at most (the oldest is forgotten first). */
const REMEMBERED = 10_000;

/** Hashes of API keys this process accepted (answered other than 401), most recently used last. */
const acceptedKeys = processState("lanes.acceptedKeys", () => new Map<string, true>());
/** Session cookie values whose seal held → their user; a cookie that does not unseal is never kept. */
const sessionUsers = processState("lanes.sessionUsers", () => new Map<string, string>());

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
}

/** After a /api/v1 answer to a presented key: a key that was accepted gets a lane of its own from now on; a refused one (401) loses it. */
export function noteApiKeyOutcome(keyHash: string, status: number): void {
  if (status === 401) acceptedKeys.delete(keyHash);
  else remember(acceptedKeys, keyHash, true);
}

const ADDRESS_LANE = "address:";

/** An anonymous client's lane: `address:<address or its /64>`. */
export const isAnonymousLane = (lane: string) => lane.startsWith(ADDRESS_LANE);

/** What admission gives the lane: an anonymous client a place in the anonymous pool, ranked by its standing; anyone else a lane of their own. */
export function laneTermsOf(lane: string): LaneTerms | undefined {
  if (!isAnonymousLane(lane)) return undefined;
  return { pool: ANONYMOUS_POOL, pace: ANONYMOUS_PACE, rank: hasFailedLately(lane.slice(ADDRESS_LANE.length)) ? 1 : 0 };
}

/** The request's lane, or undefined for a path outside the lanes. */
export async function laneOf(request: IncomingMessage, pathname: string, credential = readCredential(request)): Promise<string | undefined> {
  if (UNLANED_PATHS.has(pathname)) return undefined;
  if (pathname.startsWith("/api/v1/")) {
    const key = credential.presentedKey;
    if (key.kind === "key" && acceptedKeys.has(key.hash)) return `key:${key.hash}`;
  } else {
    const cookie = credential.cookie;
    if (cookie) {
      let userId = sessionUsers.get(cookie);
      if (!userId) {
        userId = (await credential.session())?.userId;
        if (userId) remember(sessionUsers, cookie, userId);
      }
      if (userId) return `user:${userId}`;
      const device = deviceProofOf(cookie);
      if (device) return `user:${device.userId}`;
    }
  }
  return addressLaneOf(request, credential);
}

/** The lane of the request's client address: anonymous. */
export function addressLaneOf(request: IncomingMessage, credential: RequestCredential): string {
  const address = credential.clientAddress ?? request.socket.remoteAddress;
  return `${ADDRESS_LANE}${address ? addressGroup(address) : "unknown"}`;
}
