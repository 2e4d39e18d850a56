// Fair admission at Orbit's server (http/node-server.ts), before Next or the routers do any work. Every
// request belongs to a lane, the one who sent it (http/lanes.ts): an API key, a signed-in user (or a browser
// that signed in before, by its device cookie), or, for everyone anonymous, one shared pool. At most
// `maxInProgress` requests are in progress at once, and while several lanes are active each may hold
// only its share of them (`maxInProgress` ÷ active lanes, times the lane's weight, at least one); a
// lane alone of weight 1 may use them all. A request that cannot start waits in its lane's queue (at
// most `laneQueue` per client; beyond, it is refused), and each freed slot goes to the waiting lane
// below its share whose turn it is: lanes take turns in the order they last started a request, and a
// lane new to the queue joins it at the back (it counts as served the moment it arrived), so no new
// client, however many there are, goes ahead of one already waiting. One lane's flood thus waits
// behind its own requests, not ahead of another's.
// Anonymous clients (addresses) share one pool (bounds.ts ANONYMOUS_POOL): a lane of weight 0.5 among the
// others, whatever number of addresses it serves, with at most a quarter of the server's queue places.
// Inside it the addresses take turns the same way, each holding at most its part of the pool's slots,
// and addresses in bad standing (a failed sign-in lately, http/lanes.ts) come after the others and share one
// pace between them. A flood from any number of rotating addresses is so one lane of half weight, new
// addresses wait their turn behind everyone already waiting, and once its addresses have failed it
// starts no more requests a second than one address may.
// The server's own admission (serverAdmission) takes its bounds from the table (bounds.ts
// SERVER_ADMISSION): SERVER_MAX_CONCURRENT_REQUESTS, SERVER_LANE_QUEUE (beyond: 429) and
// SERVER_REQUEST_QUEUE (all lanes' waiting requests; beyond: 503).
// A lane counts as active while it has requests in progress or waiting, and for ACTIVE_WINDOW_MS after
// its last one ended: a client sending one request after another keeps its share between them.
// A share of slots bounds how many of a lane's requests run at once, not what they cost: one slot
// that a flood refills the moment it frees kept the event loop busy with Next's work for a bad
// cookie or a refused feed (~5-10 ms each) and the others' requests waited between its turns. So a
// client may also have a pace (bounds.ts ANONYMOUS_PACE for each anonymous address, and one more that a pool's
// clients in bad standing share): while anyone else is active (another lane, or another client of its
// pool) it starts at most `perSecond` requests a second after a burst of `burst`; the rest wait in its
// queue, costing nothing. Alone, it is not paced.
// A request may give its slot back before it ends (load/request-slot.ts: while it waits for a
// password hash); it then goes on outside admission.
import type { AppError } from "@/server/errors";
import { refusalOf, SERVER_ADMISSION } from "@/server/load/bounds";
import { publishRequestLoad, type RequestLoad } from "@/server/load/request-load";
import { processState } from "@/server/process-state";

/** How long a lane with nothing in progress still counts as active. */
export const ACTIVE_WINDOW_MS = 1_000;

export type Refusal = "lane_full" | "pool_full" | "server_full";

/** At most `perSecond` request starts a second, after a burst of `burst` (a token bucket). */
export interface Pace {
  perSecond: number;
  burst: number;
}

/** A lane several clients share, taking turns inside it. */
export interface PoolTerms {
  key: string;
  /** Its weight among the lanes (0-1). */
  weight: number;
  /** Its clients' waiting requests at most, as a share of all queue places (and at least one client's `laneQueue`). */
  queueShare: number;
  /** One pace its clients of a rank above 0 share, besides their own. */
  rankedPace?: Pace;
}

/** What a client is given: a lane of its own with `weight` (0-1, default 1), or a place in `pool`; and its own `pace`. */
export interface LaneTerms {
  weight?: number;
  pace?: Pace;
  /** Run in this pool's lane (its share and queue) instead of a lane of one's own. */
  pool?: PoolTerms;
  /** In a pool: clients of a lower rank are served first (default 0). */
  rank?: number;
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

export interface LaneLoad {
  inProgress: number;
  waiting: number;
  /** Clients with requests in progress or waiting (1 for a lane of its own, while busy). */
  clients: number;
}

export interface Admission {
  /**
   * A slot for a request of client `key`, or why it is refused (the client's queue, the pool's, or
   * every queue place is taken). A lane keeps the terms it first came with.
   */
  enter(key: string, terms?: LaneTerms): AdmissionSlot | Refusal;
  load(): AdmissionLoad;
  /** One lane's load now (a pool by its key). */
  laneLoad(key: string): LaneLoad;
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

/** What takes turns: lanes among the lanes, clients within a lane. */
interface InTurn {
  /** The admission sequence number of its latest start, or of its arrival when it has none. */
  lastServed: number;
  /** Whether it has an entry in its turn order. */
  isQueued: boolean;
}

/** A pace's token bucket: starts it may make now, as of `refilledAt`. */
interface Bucket {
  tokens: number;
  refilledAt: number;
}

/** One sender: a lane's only client, or one of a pool's. */
interface Client extends InTurn {
  key: string;
  rank: number;
  pace?: Pace;
  bucket: Bucket;
  inProgress: number;
  waiters: Waiter[];
}

interface Lane extends InTurn {
  key: string;
  weight: number;
  /** The pool's terms, for a pool's lane. */
  pool?: PoolTerms;
  /** The bucket of the pool's shared pace. */
  rankedBucket: Bucket;
  inProgress: number;
  /** Requests waiting, all its clients'. */
  waiting: number;
  /** Its clients with requests in progress or waiting. */
  clients: Map<string, Client>;
  /** Its clients gone idle within ACTIVE_WINDOW_MS (their pace remembered), oldest first. */
  idleClients: Map<string, { client: Client; idleSince: number }>;
  /** Its clients with requests waiting, in turn. */
  turns: TurnOrder<Client>;
}

interface Slot extends AdmissionSlot {
  admitted: Promise<void>;
  isAdmitted: boolean;
}

const ADMITTED = Promise.resolve();

/**
 * Who goes next: a binary heap on (rank, lastServed when queued, the order they queued in); an
 * entry's rank and lastServed are taken when it is queued.
 */
class TurnOrder<T extends InTurn> {
  private readonly heap: { item: T; rank: number; lastServed: number; order: number }[] = [];
  private queuedCount = 0;

  constructor(private readonly rankOf: (item: T) => number = () => 0) {}

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    item.isQueued = true;
    this.heap.push({ item, rank: this.rankOf(item), lastServed: item.lastServed, order: (this.queuedCount += 1) });
    for (let index = this.heap.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (!this.isBefore(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  /** The first item, with its lastServed when it was queued. */
  pop(): { item: T; lastServed: number } | undefined {
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
    top.item.isQueued = false;
    return top;
  }

  private isBefore(a: number, b: number): boolean {
    const [x, y] = [this.heap[a]!, this.heap[b]!];
    if (x.rank !== y.rank) return x.rank < y.rank;
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
  const turns = new TurnOrder<Lane>();

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
  /** A pool's client holds at most its part of the pool's share (at least one); a lane's only client, all of it. */
  const clientShareOf = (lane: Lane, clients = lane.clients.size) => (lane.pool ? Math.max(1, Math.floor(shareOf(lane) / Math.max(1, clients))) : Infinity);
  const poolQueueOf = (pool: PoolTerms) => Math.max(bounds.laneQueue(), Math.floor(bounds.maxWaiting() * pool.queueShare));
  /** Clients of the lane busy or idle within ACTIVE_WINDOW_MS. */
  const activeClientsOf = (lane: Lane) => {
    const cutoff = now() - ACTIVE_WINDOW_MS;
    for (const [key, { idleSince }] of lane.idleClients) {
      if (idleSince > cutoff) break;
      lane.idleClients.delete(key);
    }
    return lane.clients.size + lane.idleClients.size;
  };
  /** Whether anyone besides the client is active: another lane, or another client of its pool. */
  const hasCompany = (lane: Lane, client: Client) => {
    const isLaneCounted = busy.get(lane.key) === lane || recentlyIdle.get(lane.key)?.lane === lane;
    if (activeLanes() - (isLaneCounted ? 1 : 0) > 0) return true;
    const isClientCounted = lane.clients.get(client.key) === client || lane.idleClients.get(client.key)?.client === client;
    return activeClientsOf(lane) - (isClientCounted ? 1 : 0) > 0;
  };
  /** The paces that hold the client's next start now (none while it has no company). */
  const pacesOf = (lane: Lane, client: Client): [Pace, Bucket][] => {
    if (!hasCompany(lane, client)) return [];
    const paces: [Pace, Bucket][] = [];
    if (client.pace) paces.push([client.pace, client.bucket]);
    if (client.rank > 0 && lane.pool?.rankedPace) paces.push([lane.pool.rankedPace, lane.rankedBucket]);
    return paces;
  };
  /** Milliseconds until the bucket holds a whole token (0: now), refilled as of now. */
  const bucketWait = (pace: Pace, bucket: Bucket) => {
    const at = now();
    bucket.tokens = Math.min(pace.burst, bucket.tokens + ((at - bucket.refilledAt) * pace.perSecond) / 1_000);
    bucket.refilledAt = at;
    return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * 1_000) / pace.perSecond);
  };
  /** Milliseconds until the client's paces let it start its next request (0: now). */
  const paceWait = (lane: Lane, client: Client) => Math.max(0, ...pacesOf(lane, client).map(([pace, bucket]) => bucketWait(pace, bucket)));
  const hasSlotFor = (lane: Lane) => inProgress < bounds.maxInProgress() && lane.inProgress < shareOf(lane);

  const start = (lane: Lane, client: Client, slot: Slot) => {
    for (const [, bucket] of pacesOf(lane, client)) bucket.tokens -= 1;
    inProgress += 1;
    lane.inProgress += 1;
    client.inProgress += 1;
    lane.lastServed = client.lastServed = served += 1;
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

  const settleIfIdle = (lane: Lane, client: Client) => {
    if (!client.inProgress && !client.waiters.length && lane.clients.get(client.key) === client) {
      lane.clients.delete(client.key);
      lane.idleClients.set(client.key, { client, idleSince: now() });
    }
    if (lane.inProgress || lane.waiting || busy.get(lane.key) !== lane) return;
    busy.delete(lane.key);
    recentlyIdle.set(lane.key, { lane, idleSince: now() });
  };

  /**
   * Takes out of a lane's turn order the first client below its part of the lane whose paces let it
   * start, or none (with the milliseconds until a paced one may); the others keep their turns.
   */
  const nextClient = (lane: Lane): { client?: Client; startIn: number } => {
    const share = clientShareOf(lane);
    const passedOver: Client[] = [];
    let next: Client | undefined;
    let startIn = Infinity;
    while (!next && lane.turns.size) {
      const { item: client, lastServed } = lane.turns.pop()!;
      if (!client.waiters.length) continue;
      if (lastServed !== client.lastServed) {
        lane.turns.push(client);
        continue;
      }
      const wait = client.inProgress >= share ? 0 : paceWait(lane, client);
      if (client.inProgress >= share || wait > 0) {
        if (wait > 0) startIn = Math.min(startIn, wait);
        passedOver.push(client);
      } else next = client;
    }
    for (const client of passedOver) lane.turns.push(client);
    return { client: next, startIn };
  };

  /**
   * Hands free slots to waiting lanes, in turn. A lane at its share (or whose waiting clients are all
   * at their part of it) is passed over and keeps its turn: it holds a slot that will free. (There are
   * at most maxInProgress such lanes.) A lane whose waiting clients all wait for their pace is passed
   * over too, and a wake-up is set for the next start.
   */
  const dispatch = (): void => {
    const passedOver: Lane[] = [];
    let nextStartIn = Infinity;
    while (inProgress < bounds.maxInProgress() && turns.size) {
      const { item: lane, lastServed } = turns.pop()!;
      // Its waiters all left the queue.
      if (!lane.waiting) continue;
      // Served since it queued (its waiters had left, a new request started at once): back in its right place.
      if (lastServed !== lane.lastServed) {
        turns.push(lane);
        continue;
      }
      if (!hasSlotFor(lane)) {
        passedOver.push(lane);
        continue;
      }
      const { client, startIn } = nextClient(lane);
      if (!client) {
        nextStartIn = Math.min(nextStartIn, startIn);
        passedOver.push(lane);
        continue;
      }
      const waiter = client.waiters.shift()!;
      lane.waiting -= 1;
      waiting -= 1;
      start(lane, client, waiter.slot);
      if (client.waiters.length) lane.turns.push(client);
      if (lane.waiting) turns.push(lane);
      waiter.resolve();
    }
    for (const lane of passedOver) turns.push(lane);
    if (nextStartIn < Infinity) wakeIn(nextStartIn);
  };

  const fullBucket = (pace: Pace | undefined): Bucket => ({ tokens: pace?.burst ?? 0, refilledAt: now() });

  /** A lane new to the admission: it counts as served now, so it joins the turns at the back. */
  const newLane = (key: string, terms: LaneTerms): Lane => ({
    key,
    weight: terms.pool ? terms.pool.weight : (terms.weight ?? 1),
    pool: terms.pool,
    rankedBucket: fullBucket(terms.pool?.rankedPace),
    inProgress: 0,
    waiting: 0,
    clients: new Map(),
    idleClients: new Map(),
    turns: new TurnOrder<Client>((client) => client.rank),
    lastServed: served,
    isQueued: false,
  });

  /** A client new to its lane (or gone idle longer than ACTIVE_WINDOW_MS): it too joins the turns at the back. */
  const newClient = (key: string, terms: LaneTerms): Client => ({
    key,
    rank: 0,
    pace: terms.pace,
    bucket: fullBucket(terms.pace),
    inProgress: 0,
    waiters: [],
    lastServed: served,
    isQueued: false,
  });

  return {
    enter(key, terms = {}) {
      const laneKey = terms.pool?.key ?? key;
      const lane = busy.get(laneKey) ?? recentlyIdle.get(laneKey)?.lane ?? newLane(laneKey, terms);
      const known = lane.clients.get(key);
      const client = known ?? lane.idleClients.get(key)?.client ?? newClient(key, terms);
      client.rank = terms.rank ?? 0;
      const clientShare = clientShareOf(lane, lane.clients.size + (known ? 0 : 1));
      const mayStart = !lane.waiting && hasSlotFor(lane) && client.inProgress < clientShare && paceWait(lane, client) === 0;
      if (!mayStart) {
        if (client.waiters.length >= bounds.laneQueue()) return "lane_full";
        if (lane.pool && lane.waiting >= poolQueueOf(lane.pool)) return "pool_full";
        if (waiting >= bounds.maxWaiting()) return "server_full";
      }
      if (busy.get(laneKey) !== lane) {
        busy.set(laneKey, lane);
        recentlyIdle.delete(laneKey);
      }
      lane.clients.set(key, client);
      lane.idleClients.delete(key);
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
            client.inProgress -= 1;
          } else {
            const index = client.waiters.findIndex((waiter) => waiter.slot === slot);
            const [waiter] = client.waiters.splice(index, 1);
            lane.waiting -= 1;
            waiting -= 1;
            waiter!.resolve();
          }
          settleIfIdle(lane, client);
          dispatch();
        },
      };
      if (mayStart) {
        start(lane, client, slot);
        return slot;
      }
      slot.admitted = new Promise<void>((resolve) => client.waiters.push({ resolve, slot }));
      lane.waiting += 1;
      waiting += 1;
      if (!client.isQueued) lane.turns.push(client);
      if (!lane.isQueued) turns.push(lane);
      // Slots are free and only its pace holds it: the wake-up starts it.
      if (hasSlotFor(lane)) dispatch();
      return slot;
    },
    load: () => ({ inProgress, waiting, activeLanes: activeLanes() }),
    laneLoad(key) {
      const lane = busy.get(key);
      return lane ? { inProgress: lane.inProgress, waiting: lane.waiting, clients: lane.clients.size } : { inProgress: 0, waiting: 0, clients: 0 };
    },
  };
}

/**
 * This process's admission at its server's edge (one per process, whichever bundle asks), its load
 * published for background work to give way to (request-load.ts).
 */
export function serverAdmission(): Admission {
  return processState("serverAdmission", () => {
    const admission = fairAdmission(SERVER_ADMISSION);
    publishRequestLoad(admission.load);
    return admission;
  });
}

/** The answer to a request refused at the edge (429 for its client's queue, 503 for the pool's or the server's), counted by its label. */
export function admissionRefusal(refusal: Refusal): AppError {
  return refusalOf(SERVER_ADMISSION.refusals[refusal]);
}
