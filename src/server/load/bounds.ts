// Every bound on the work this process takes on at once, in one table: what it bounds, its numbers
// (environment variables read through src/env.ts, where they have defaults, or fixed), and how work
// beyond it is refused: 429 when the client's own work is the excess, 503 when everyone's is, each with
// its Retry-After in seconds and, where operators count it, its label of
// `orbit_rate_limit_rejections_total`. The mechanisms (admission.ts at the edge, concurrency.ts inside)
// take their numbers and answers from here, the anonymous pool's terms at the edge too: a new bound is a
// row, not a new mechanism.
import { getEnv } from "@/env";
import { rateLimited, serviceUnavailable, type AppError } from "@/server/errors";
import type { AdmissionBounds, Pace, PoolTerms, Refusal } from "@/server/load/admission";
import { recordRateLimitRejection, type RejectedLimit } from "@/server/operations/metrics";

/** How work beyond a bound is answered. */
export interface RefusalAnswer {
  /** 429: the client's own work is the excess; 503: everyone's is. */
  status: 429 | 503;
  retryAfterSeconds: number;
  message: string;
  /** Its label of `orbit_rate_limit_rejections_total`, if refusals are counted there. */
  metric?: RejectedLimit;
}

/** Work of one kind running at once in this process (per key, for a keyed bound), and waiting beyond that. */
export interface ConcurrencyBound {
  /** What it bounds, and why. */
  what: string;
  concurrency: () => number;
  queue: () => number;
  /** The answer to work beyond both. */
  refusal: RefusalAnswer;
}

/** The refusal of work beyond a bound, counted in the rejections metric when the bound has a label there. */
export function refusalOf(answer: RefusalAnswer): AppError {
  if (answer.metric) recordRateLimitRejection(answer.metric);
  return answer.status === 429 ? rateLimited(answer.retryAfterSeconds, answer.message) : serviceUnavailable(answer.retryAfterSeconds, answer.message);
}

const SERVER_FULL: RefusalAnswer = { status: 503, retryAfterSeconds: 1, message: "The server has too many requests waiting; retry after Retry-After seconds." };

/**
 * Fair admission at the server's edge (admission.ts): requests in progress at once
 * (SERVER_MAX_CONCURRENT_REQUESTS), waiting per client (SERVER_LANE_QUEUE) and waiting in all
 * (SERVER_REQUEST_QUEUE, of which the anonymous pool holds a quarter), before Next or the routers do
 * any work. Refused by why: the client's queue is full (429), the anonymous pool's or the server's (503).
 */
export const SERVER_ADMISSION = {
  maxInProgress: () => getEnv().serverMaxConcurrentRequests,
  laneQueue: () => getEnv().serverLaneQueue,
  maxWaiting: () => getEnv().serverRequestQueue,
  refusals: {
    lane_full: { status: 429, retryAfterSeconds: 1, message: "Too many of your requests are waiting for this server; retry after Retry-After seconds.", metric: "client_queue" },
    pool_full: { ...SERVER_FULL, metric: "anonymous_queue" },
    server_full: { ...SERVER_FULL, metric: "server_queue" },
  },
} as const satisfies AdmissionBounds & { refusals: Record<Refusal, RefusalAnswer> };

/**
 * An anonymous client's pace while others are served: a page's first load (its scripts, styles and
 * fonts) fits in the burst, a person signing in is never held, and a flood starts 20 requests a second.
 */
export const ANONYMOUS_PACE: Pace = { perSecond: 20, burst: 40 };

/**
 * Every anonymous client (logins, signups, feeds, bad requests): one lane of half weight with a
 * quarter of the queue places; its clients in bad standing share one ANONYMOUS_PACE between them.
 */
export const ANONYMOUS_POOL: PoolTerms = { key: "anonymous", weight: 0.5, queueShare: 0.25, rankedPace: ANONYMOUS_PACE };

/** Work queued per organization behind one at a time: never more than the organization's requests. */
const organizationRequestsAtMost = () => getEnv().organizationMaxConcurrentRequests + getEnv().organizationRequestQueue;

const EVENT_STREAMS_PER_KEY = 5;

/** The bounds inside the edge, each per process. */
export const BOUNDS = {
  organizationRequests: {
    what: "one organization's requests (public API, in-app routes, tRPC calls; ORGANIZATION_MAX_CONCURRENT_REQUESTS running, ORGANIZATION_REQUEST_QUEUE waiting): one tenant's burst holds at most that many database connections, whatever its keys' hourly limits",
    concurrency: () => getEnv().organizationMaxConcurrentRequests,
    queue: () => getEnv().organizationRequestQueue,
    refusal: { status: 429, retryAfterSeconds: 1, message: "Too many requests of this organization are running at once; retry after Retry-After seconds.", metric: "organization_concurrency" },
  },
  organizationSyncs: {
    what: "one organization's offline syncs, one at a time: a 500-entry sync is the heaviest write a request makes (its requests are bounded before it, so the queue never fills)",
    concurrency: () => 1,
    queue: organizationRequestsAtMost,
    refusal: { status: 429, retryAfterSeconds: 1, message: "Too many syncs of this organization are running at once; retry after Retry-After seconds." },
  },
  organizationImports: {
    what: "one organization's imports, one at a time: each reads a file of up to 50,000 rows more than once (its requests are bounded before it, so the queue never fills)",
    concurrency: () => 1,
    queue: organizationRequestsAtMost,
    refusal: { status: 429, retryAfterSeconds: 1, message: "Too many imports of this organization are running at once; retry after Retry-After seconds." },
  },
  organizationReports: {
    what: "one organization's reports, one at a time (its requests are bounded before it, so the queue only fills with shared pages)",
    concurrency: () => 1,
    queue: organizationRequestsAtMost,
    refusal: { status: 429, retryAfterSeconds: 1, message: "Too many reports of this organization are running at once; retry after Retry-After seconds." },
  },
  calendarRenders: {
    what: "calendar feeds rendered at once (after the feed's request limits, its 304s and its cache)",
    concurrency: () => 1,
    queue: () => 8,
    refusal: { status: 503, retryAfterSeconds: 1, message: "Too many calendars are being prepared; try again in a moment." },
  },
  passwordHashes: {
    what: "password hashes at once (PASSWORD_HASH_CONCURRENCY; each takes 128 MiB and a libuv thread for ~0.3-0.7 s) and waiting (PASSWORD_HASH_QUEUE): a burst of anonymous logins cannot queue a real user's behind seconds of hashing",
    concurrency: () => getEnv().passwordHashConcurrency,
    queue: () => getEnv().passwordHashQueue,
    refusal: { status: 503, retryAfterSeconds: 1, message: "Too many sign-ins at once; try again in a moment." },
  },
  eventStreamsPerKey: {
    what: "events streams open per API key, for their lifetime",
    concurrency: () => EVENT_STREAMS_PER_KEY,
    queue: () => 0,
    refusal: { status: 429, retryAfterSeconds: 5, message: `At most ${EVENT_STREAMS_PER_KEY} event streams may be open per API key; close one first.` },
  },
} as const satisfies Record<string, ConcurrencyBound>;
