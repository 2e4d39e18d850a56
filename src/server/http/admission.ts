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
import { getEnv } from "@/env";
import { publishRequestLoad, type RequestLoad } from "@/server/operations/request-load";

/** The weight of an anonymous client's lane (lanes.ts): logins, signups, feeds and bad requests need no parallelism. */
export const ANONYMOUS_WEIGHT = 0.25;

/** How long a lane with nothing in progress still counts as active. */
export const ACTIVE_WINDOW_MS = 1_000;

export type Refusal = "lane_full" | "server_full";

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
   * taken). `weight` (0-1, default 1) scales the lane's share; a lane keeps the weight it first came with.
   */
  enter(lane: string, weight?: number): AdmissionSlot | Refusal;
  load(): AdmissionLoad;
}

export interface AdmissionBounds {
  maxInProgress: () => number;
  laneQueue: () => number;
  /** Requests waiting in all lanes together, at most. */
  maxWaiting: () => number;
  /** Milliseconds; injectable for tests. */
  now?: () => number;
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
  const shareOf = (lane: Lane) => Math.max(1, Math.floor(Math.ceil(bounds.maxInProgress() / Math.max(1, activeLanes())) * lane.weight));
  const canStart = (lane: Lane) => inProgress < bounds.maxInProgress() && lane.inProgress < shareOf(lane);

  const start = (lane: Lane, slot: Slot) => {
    inProgress += 1;
    lane.inProgress += 1;
    lane.lastServed = served += 1;
    slot.isAdmitted = true;
  };

  const settleIfIdle = (lane: Lane) => {
    if (lane.inProgress || lane.waiters.length || busy.get(lane.key) !== lane) return;
    busy.delete(lane.key);
    recentlyIdle.set(lane.key, { lane, idleSince: now() });
  };

  /**
   * Hands free slots to waiting lanes, the least recently served first. A lane at its share is passed
   * over and keeps its turn: it holds a slot that will free. (There are at most maxInProgress such lanes.)
   */
  const dispatch = () => {
    const passedOver: Lane[] = [];
    while (inProgress < bounds.maxInProgress() && turns.size) {
      const { lane, lastServed } = turns.pop()!;
      // Its waiters all left the queue.
      if (!lane.waiters.length) continue;
      // Served since it queued (its waiters had left, a new request started at once): back in its right place.
      if (lastServed !== lane.lastServed) {
        turns.push(lane);
        continue;
      }
      if (!canStart(lane)) {
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
  };

  return {
    enter(key, weight = 1) {
      const lane: Lane = busy.get(key) ?? recentlyIdle.get(key)?.lane ?? { key, weight, inProgress: 0, waiters: [], lastServed: 0, isQueued: false };
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
