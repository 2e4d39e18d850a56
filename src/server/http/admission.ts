// Fair admission at Orbit's server (node-server.ts), before Next or the routers do any work. Every
// request belongs to a lane, the one who sent it (lanes.ts). At most `maxInProgress` requests are in
// progress at once, and while several lanes are active each may hold only its share of them
// (`maxInProgress` ÷ active lanes, times the lane's weight, at least one); a lane alone of weight 1 may
// use them all. An anonymous client's lane (an address) weighs ANONYMOUS_WEIGHT: it never holds more
// than a quarter of what a key or a signed-in user may. A request that cannot
// start waits in its lane's queue (at most `laneQueue`; beyond, it is refused), and each freed slot goes
// to the waiting lane below its share that was served least recently. One lane's flood thus waits
// behind its own requests, not ahead of another's.
// The server's own admission (serverAdmission) takes its bounds from SERVER_MAX_CONCURRENT_REQUESTS,
// SERVER_LANE_QUEUE (beyond: 429) and SERVER_REQUEST_QUEUE (all lanes' waiting requests; beyond: 503).
// A lane counts as active while it has requests in progress or waiting, and for ACTIVE_WINDOW_MS after
// its last one ended: a client sending one request after another keeps its share between them.
// A share of slots bounds how many of a lane's requests run at once, not what they cost: one slot
// that a flood refills the moment it frees kept the event loop busy with Next's work for a bad
// cookie or a refused feed (~5-10 ms each) and the others' requests waited between its turns. So a
// lane may also have a pace (ANONYMOUS_PACE for an address): while any other lane is active it starts
// at most `perSecond` requests a second after a burst of `burst`; the rest wait in its queue, costing
// nothing. Alone, it is not paced.
import { getEnv } from "@/env";
import { publishRequestLoad, type RequestLoad } from "@/server/operations/request-load";

/** The weight of an anonymous client's lane (lanes.ts): logins, signups, feeds and bad requests need no parallelism. */
export const ANONYMOUS_WEIGHT = 0.25;

/**
 * An anonymous client's pace while others are served: a page's first load (its scripts, styles and
 * fonts) fits in the burst, a person signing in is never held, and a flood starts 20 requests a second.
 */
export const ANONYMOUS_PACE: Pace = { perSecond: 20, burst: 40 };

/** An anonymous client's lane's terms. */
export const ANONYMOUS_TERMS: LaneTerms = { weight: ANONYMOUS_WEIGHT, pace: ANONYMOUS_PACE };

/** How long a lane with nothing in progress still counts as active. */
export const ACTIVE_WINDOW_MS = 1_000;

export type Refusal = "lane_full" | "server_full";

/** At most `perSecond` request starts a second, after a burst of `burst` (a token bucket). */
export interface Pace {
  perSecond: number;
  burst: number;
}

/** What a lane is given: `weight` (0-1, default 1) scales its share of slots; `pace` bounds its starts while others are active. */
export interface LaneTerms {
  weight?: number;
  pace?: Pace;
}

export interface AdmissionSlot {
  /** Resolves once the request may run (at once when it was admitted on arrival), or once it left the queue. */
  readonly admitted: Promise<void>;
  /** True from the moment the request may run. */
  readonly isAdmitted: boolean;
  /** Frees the slot, or leaves the queue when not admitted yet; later calls do nothing. */
  release(): void;
}

export interface AdmissionLoad extends RequestLoad {
  /** Lanes with requests in progress or waiting, or which had one within ACTIVE_WINDOW_MS. */
  activeLanes: number;
}

export interface Admission {
  /**
   * A slot for a request of `lane`, or why it is refused (its lane's queue, or every queue place, is
   * taken). A lane keeps the terms it first came with.
   */
  enter(lane: string, terms?: LaneTerms): AdmissionSlot | Refusal;
  load(): AdmissionLoad;
}

export interface AdmissionBounds {
  maxInProgress: () => number;
  laneQueue: () => number;
  /** Requests waiting in all lanes together, at most. */
  maxWaiting: () => number;
  /** Milliseconds; injectable for tests. */
  now?: () => number;
  /** Calls `wake` after `ms` milliseconds (a paced lane's next start); injectable for tests. */
  wakeAfter?: (wake: () => void, ms: number) => void;
}

interface Waiter {
  resolve: () => void;
  slot: Slot;
}

interface Lane {
  key: string;
  weight: number;
  inProgress: number;
  waiters: Waiter[];
  /** The admission sequence number of its latest admitted request (0: none yet). */
  lastServed: number;
  /** Whether the lane has an entry in the turn order. */
  isQueued: boolean;
  pace?: Pace;
  /** The pace's bucket: starts it may make now, as of `refilledAt`. */
  tokens: number;
  refilledAt: number;
}

interface Slot extends AdmissionSlot {
  admitted: Promise<void>;
  isAdmitted: boolean;
}

const ADMITTED = Promise.resolve();

/** Waiting lanes, the least recently served first: a binary heap on (lastServed, the order they queued in). */
class TurnOrder {
  private readonly heap: { lane: Lane; lastServed: number; order: number }[] = [];
  private queuedCount = 0;

  get size(): number {
    return this.heap.length;
  }

  push(lane: Lane): void {
    lane.isQueued = true;
    this.heap.push({ lane, lastServed: lane.lastServed, order: (this.queuedCount += 1) });
    for (let index = this.heap.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (!this.isBefore(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  /** The first lane, with its lastServed when it was queued. */
  pop(): { lane: Lane; lastServed: number } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (!top || !last) return undefined;
    if (this.heap.length) {
      this.heap[0] = last;
      for (let index = 0; ; ) {
        const left = 2 * index + 1;
        const right = left + 1;
        let first = index;
        if (left < this.heap.length && this.isBefore(left, first)) first = left;
        if (right < this.heap.length && this.isBefore(right, first)) first = right;
        if (first === index) break;
        this.swap(index, first);
        index = first;
      }
    }
    top.lane.isQueued = false;
    return top;
  }

  private isBefore(a: number, b: number): boolean {
    const [x, y] = [this.heap[a]!, this.heap[b]!];
    return x.lastServed < y.lastServed || (x.lastServed === y.lastServed && x.order < y.order);
  }

  private swap(a: number, b: number): void {
    [this.heap[a], this.heap[b]] = [this.heap[b]!, this.heap[a]!];
  }
}

export function fairAdmission(bounds: AdmissionBounds): Admission {
  const now = bounds.now ?? (() => performance.now());
  let inProgress = 0;
  let waiting = 0;
  let served = 0;
  /** Lanes with requests in progress or waiting. */
  const busy = new Map<string, Lane>();
  /** Lanes gone idle within ACTIVE_WINDOW_MS, oldest first, with the instant they went idle. */
  const recentlyIdle = new Map<string, { lane: Lane; idleSince: number }>();
  const turns = new TurnOrder();

  const activeLanes = () => {
    const cutoff = now() - ACTIVE_WINDOW_MS;
    for (const [key, { idleSince }] of recentlyIdle) {
      if (idleSince > cutoff) break;
      recentlyIdle.delete(key);
    }
    return busy.size + recentlyIdle.size;
  };
  const wakeAfter = bounds.wakeAfter ?? ((wake, ms) => setTimeout(wake, ms).unref());
  const shareOf = (lane: Lane) => Math.max(1, Math.floor(Math.ceil(bounds.maxInProgress() / Math.max(1, activeLanes())) * lane.weight));
  const isPaced = (lane: Lane): lane is Lane & { pace: Pace } => {
    if (!lane.pace) return false;
    const isCounted = busy.get(lane.key) === lane || recentlyIdle.get(lane.key)?.lane === lane;
    return activeLanes() - (isCounted ? 1 : 0) > 0;
  };
  /** Milliseconds until a paced lane may start its next request (0: now). */
  const paceWait = (lane: Lane) => {
    if (!isPaced(lane)) return 0;
    const at = now();
    lane.tokens = Math.min(lane.pace.burst, lane.tokens + ((at - lane.refilledAt) * lane.pace.perSecond) / 1_000);
    lane.refilledAt = at;
    return lane.tokens >= 1 ? 0 : Math.ceil(((1 - lane.tokens) * 1_000) / lane.pace.perSecond);
  };
  const hasSlotFor = (lane: Lane) => inProgress < bounds.maxInProgress() && lane.inProgress < shareOf(lane);
  const canStart = (lane: Lane) => hasSlotFor(lane) && paceWait(lane) === 0;

  const start = (lane: Lane, slot: Slot) => {
    if (isPaced(lane)) lane.tokens -= 1;
    inProgress += 1;
    lane.inProgress += 1;
    lane.lastServed = served += 1;
    slot.isAdmitted = true;
  };

  /** The instant a wake-up is due (one at a time: the earliest a paced lane needs). */
  let wakeDueAt = Infinity;
  const wakeIn = (ms: number) => {
    const dueAt = now() + ms;
    if (dueAt >= wakeDueAt) return;
    wakeDueAt = dueAt;
    wakeAfter(() => {
      if (wakeDueAt !== dueAt) return;
      wakeDueAt = Infinity;
      dispatch();
    }, ms);
  };

  const settleIfIdle = (lane: Lane) => {
    if (lane.inProgress || lane.waiters.length || busy.get(lane.key) !== lane) return;
    busy.delete(lane.key);
    recentlyIdle.set(lane.key, { lane, idleSince: now() });
  };

  /**
   * Hands free slots to waiting lanes, the least recently served first. A lane at its share is passed
   * over and keeps its turn: it holds a slot that will free. (There are at most maxInProgress such lanes.)
   * A lane waiting for its pace is passed over too, and a wake-up is set for its next start.
   */
  const dispatch = (): void => {
    const passedOver: Lane[] = [];
    let nextStartIn = Infinity;
    while (inProgress < bounds.maxInProgress() && turns.size) {
      const { lane, lastServed } = turns.pop()!;
      // Its waiters all left the queue.
      if (!lane.waiters.length) continue;
      // Served since it queued (its waiters had left, a new request started at once): back in its right place.
      if (lastServed !== lane.lastServed) {
        turns.push(lane);
        continue;
      }
      if (!hasSlotFor(lane)) {
        passedOver.push(lane);
        continue;
      }
      const wait = paceWait(lane);
      if (wait > 0) {
        nextStartIn = Math.min(nextStartIn, wait);
        passedOver.push(lane);
        continue;
      }
      const waiter = lane.waiters.shift()!;
      waiting -= 1;
      start(lane, waiter.slot);
      if (lane.waiters.length) turns.push(lane);
      waiter.resolve();
    }
    for (const lane of passedOver) turns.push(lane);
    if (nextStartIn < Infinity) wakeIn(nextStartIn);
  };

  return {
    enter(key, { weight = 1, pace } = {}) {
      const lane: Lane = busy.get(key) ??
        recentlyIdle.get(key)?.lane ?? { key, weight, pace, tokens: pace?.burst ?? 0, refilledAt: now(), inProgress: 0, waiters: [], lastServed: 0, isQueued: false };
      const mayStart = !lane.waiters.length && canStart(lane);
      if (!mayStart) {
        if (lane.waiters.length >= bounds.laneQueue()) return "lane_full";
        if (waiting >= bounds.maxWaiting()) return "server_full";
      }
      if (busy.get(key) !== lane) {
        busy.set(key, lane);
        recentlyIdle.delete(key);
      }
      let isDone = false;
      const slot: Slot = {
        admitted: ADMITTED,
        isAdmitted: false,
        release() {
          if (isDone) return;
          isDone = true;
          if (slot.isAdmitted) {
            inProgress -= 1;
            lane.inProgress -= 1;
          } else {
            const index = lane.waiters.findIndex((waiter) => waiter.slot === slot);
            const [waiter] = lane.waiters.splice(index, 1);
            waiting -= 1;
            waiter!.resolve();
          }
          settleIfIdle(lane);
          dispatch();
        },
      };
      if (mayStart) {
        start(lane, slot);
        return slot;
      }
      slot.admitted = new Promise<void>((resolve) => lane.waiters.push({ resolve, slot }));
      waiting += 1;
      if (!lane.isQueued) turns.push(lane);
      // Slots are free and only its pace holds it: the wake-up starts it.
      if (hasSlotFor(lane)) dispatch();
      return slot;
    },
    load: () => ({ inProgress, waiting, activeLanes: activeLanes() }),
  };
}

const globalForAdmission = globalThis as unknown as { orbitServerAdmission?: Admission };

/**
 * This process's admission at its server's edge (one per process, whichever bundle asks), its load
 * published for background work to give way to (operations/request-load.ts).
 */
export function serverAdmission(): Admission {
  if (!globalForAdmission.orbitServerAdmission) {
    const admission = fairAdmission({
      maxInProgress: () => getEnv().serverMaxConcurrentRequests,
      laneQueue: () => getEnv().serverLaneQueue,
      maxWaiting: () => getEnv().serverRequestQueue,
    });
    publishRequestLoad(admission.load);
    globalForAdmission.orbitServerAdmission = admission;
  }
  return globalForAdmission.orbitServerAdmission;
}
