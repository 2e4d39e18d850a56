// Fair admission at Orbit's server (src/server/load/admission.ts, src/server/http/lanes.ts), over HTTP into the real
// request handler: requests are sorted into lanes by who sends them (the signed-in user, or the user
// whose device cookie the browser carries; the API key; every anonymous client, by the socket's
// address, here distinct 127.0.0.x addresses, in one shared pool), a bounded number run at once, and a
// freed slot goes to the next lane in turn, so one lane's flood waits behind its own requests and any
// number of addresses weigh as one half lane. Order is asserted with requests the stand-in for Next
// holds until the test lets them go, never with timings.
import http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fairAdmission, type Admission } from "@/server/load/admission";
import { ANONYMOUS_PACE, ANONYMOUS_POOL } from "@/server/load/bounds";
import { addressGroup, laneOf, laneTermsOf, noteApiKeyOutcome } from "@/server/http/lanes";
import { hashApiKey } from "@/server/auth/api-keys";
import { DEVICE_COOKIE, issueDeviceCookie } from "@/server/auth/device-cookies";
import { apiOrganization, signUpOrganization, addMember, PASSWORD, type SignedInUser } from "../harness/factories";
import { dispatchToNext, TestClient } from "../harness/http";
import { startOrbitServer, type StartedServer } from "../harness/server";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Requests to /held/<label> are held by the stand-in for Next until `release(label)`; anything else goes to the route files. */
class HeldRequests {
  /** Labels in the order their requests reached the stand-in (were admitted). */
  readonly arrived: string[] = [];
  private readonly releases = new Map<string, () => void>();

  async route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/quick/")) return new Response("quick", { status: 200 });
    const label = /^\/held\/(.+)$/.exec(pathname)?.[1];
    if (!label) return dispatchToNext(request);
    this.arrived.push(label);
    await new Promise<void>((resolve) => this.releases.set(label, resolve));
    return new Response(label, { status: 200 });
  }

  release(label: string): void {
    const release = this.releases.get(label);
    if (!release) throw new Error(`${label} is not held`);
    this.releases.delete(label);
    release();
  }

  releaseAll(): void {
    for (const label of [...this.releases.keys()]) this.release(label);
  }
}

const servers: StartedServer[] = [];
let held: HeldRequests;

afterEach(async () => {
  held?.releaseAll();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface TestBounds {
  maxInProgress: number;
  laneQueue: number;
  maxWaiting?: number;
  /** The admission's clock; by default one that stands still: every lane seen stays active for the whole test. */
  now?: () => number;
  wakeAfter?: (wake: () => void, ms: number) => void;
}

/** A server with its own admission: `maxInProgress` slots, `laneQueue` places per lane, `maxWaiting` in all. */
async function serverWith(bounds: TestBounds): Promise<{ port: number; admission: Admission }> {
  held = new HeldRequests();
  const admission = fairAdmission({
    maxInProgress: () => bounds.maxInProgress,
    laneQueue: () => bounds.laneQueue,
    maxWaiting: () => bounds.maxWaiting ?? 1_000,
    now: bounds.now ?? (() => 0),
    wakeAfter: bounds.wakeAfter,
  });
  const server = await startOrbitServer((request) => held.route(request), undefined, { admission });
  servers.push(server);
  return { port: server.port, admission };
}

interface SendOptions {
  /** The loopback address the request comes from (a client of its own). */
  from: string;
  headers?: Record<string, string>;
  /** Destroys the request's socket when aborted. */
  signal?: AbortSignal;
}

function send(port: number, method: string, path: string, options: SendOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: options.headers, localAddress: options.from, agent: false, signal: options.signal }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 10 });

/** Lets every held request go, one step at a time, checking that the next request admitted at each step is the next label. */
async function admittedInTurn(labels: string[]): Promise<void> {
  for (const next of labels) {
    held.releaseAll();
    await waitFor(() => expect(held.arrived.at(-1)).toBe(next));
  }
  held.releaseAll();
}

/** A signed-in user (a new organization's admin) and the Cookie header of its session. */
async function signedIn(): Promise<SignedInUser & { cookie: { cookie: string } }> {
  const user = await signUpOrganization();
  return { ...user, cookie: { cookie: `tt_session=${user.client.cookie("tt_session")!}` } };
}

/** POSTs JSON from the loopback address `from`. */
function postJsonFrom(port: number, from: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const json = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path, localAddress: from, agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(json), ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      },
    );
    request.on("error", reject);
    request.end(json);
  });
}

/** `count` requests at once from `from`, each answered by the stand-in for Next as soon as it starts. */
const quickFlood = (port: number, from: string, count: number) => Array.from({ length: count }, (_, index) => send(port, "GET", `/quick/${index}`, { from }));
const statuses = async (answers: Promise<Answer>[]) => (await Promise.all(answers)).map((answer) => answer.status);

/** A clock the test moves (`ms`), and the paced lanes' wake-ups, which the test fires (`wakeNext`). */
function pacedClock() {
  const clock = {
    ms: 0,
    wakes: [] as { wake: () => void; ms: number }[],
    wakeNext: () => clock.wakes.shift()!.wake(),
    bounds: { now: () => clock.ms, wakeAfter: (wake: () => void, ms: number) => void clock.wakes.push({ wake, ms }) },
  };
  return clock;
}

describe("fair admission at the server", () => {
  it("runs anonymous requests, from any number of addresses, in one pool: one at a time beside a signed-in user, the addresses taking turns", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 2, laneQueue: 10 });
    const user = await signedIn();
    const flood = ["a1", "a2", "a3"].map((label) => send(port, "GET", `/held/${label}`, { from: "127.0.0.2" }));
    // The pool weighs half a lane: alone, one of the two slots; one runs, two wait.
    await waitFor(() => expect([held.arrived.length, admission.load().waiting]).toEqual([1, 2]));
    // Another address is another client of the same pool: it waits its turn too.
    const other = send(port, "GET", "/held/b1", { from: "127.0.0.3" });
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key)).toEqual({ inProgress: 1, waiting: 3, clients: 2 }));

    // A signed-in user's request does not queue behind them: a slot is free, and it is below its share.
    const own = send(port, "GET", "/held/u1", { from: "127.0.0.2", headers: user.cookie });
    await waitFor(() => expect(held.arrived).toEqual(["a1", "u1"]));
    held.release("u1");
    expect(await own).toMatchObject({ status: 200, text: "u1" });

    // The pool goes on one at a time though a slot is free, its addresses in the order they began waiting.
    for (const [label, next] of [["a1", "a2"], ["a2", "b1"], ["b1", "a3"]] as const) {
      expect(admission.load().inProgress).toBe(1);
      held.release(label);
      await waitFor(() => expect(held.arrived.at(-1)).toBe(next));
    }
    held.releaseAll();
    expect((await Promise.all([...flood, other])).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(admission.load()).toMatchObject({ inProgress: 0, waiting: 0 });
  });

  it("holds the anonymous pool to its share however many addresses flood, and a new address waits behind every one already waiting", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 2, laneQueue: 10 });
    const user = await signedIn();
    const userRequest = (label: string) => send(port, "GET", `/held/${label}`, { from: "127.0.1.1", headers: user.cookie });
    const answers = [userRequest("u1")];
    await waitFor(() => expect(held.arrived).toEqual(["u1"]));
    const addresses = Array.from({ length: 12 }, (_, index) => `127.0.2.${index + 1}`);
    answers.push(...addresses.map((from, index) => send(port, "GET", `/held/a${index}`, { from })));
    // Twelve addresses, one half lane: one of them runs, eleven wait.
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key)).toEqual({ inProgress: 1, waiting: 11, clients: 12 }));
    expect(held.arrived).toEqual(["u1", "a0"]);

    // The user's slot frees: the pool, at its share, does not take it though eleven wait...
    held.release("u1");
    await waitFor(() => expect(admission.load()).toMatchObject({ inProgress: 1, waiting: 11 }));
    expect(held.arrived).toEqual(["u1", "a0"]);
    // ...and the user's next request starts at once.
    answers.push(userRequest("u2"));
    await waitFor(() => expect(held.arrived.at(-1)).toBe("u2"));

    // A thirteenth address, new, queues behind the eleven: it is served last.
    answers.push(send(port, "GET", "/held/a12", { from: "127.0.2.13" }));
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(12));
    held.release("u2");
    for (let index = 0; index < 12; index += 1) {
      held.release(`a${index}`);
      await waitFor(() => expect(held.arrived.at(-1)).toBe(`a${index + 1}`));
      expect(admission.laneLoad(ANONYMOUS_POOL.key).inProgress).toBe(1);
    }
    held.releaseAll();
    expect((await Promise.all(answers)).every((answer) => answer.status === 200)).toBe(true);
  });

  it("serves addresses whose logins failed lately after the others in the pool", { timeout: 60_000 }, async () => {
    const { port, admission } = await serverWith({ maxInProgress: 2, laneQueue: 10 });
    const admin = await signUpOrganization();
    const user = await signedIn();
    // 127.0.3.3 fails a login (through the real route); later it queues before the clean 127.0.3.4.
    expect((await postJsonFrom(port, "127.0.3.3", "/api/app/auth/login", { email: admin.email, password: "not the password" })).status).toBe(401);
    const running = [send(port, "GET", "/held/u1", { from: "127.0.3.1", headers: user.cookie })];
    await waitFor(() => expect(held.arrived).toEqual(["u1"]));
    running.push(send(port, "GET", "/held/a0", { from: "127.0.3.2" }));
    await waitFor(() => expect(held.arrived).toEqual(["u1", "a0"]));
    const failing = send(port, "GET", "/held/failing", { from: "127.0.3.3" });
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(1));
    const clean = send(port, "GET", "/held/clean", { from: "127.0.3.4" });
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(2));
    held.release("a0");
    await waitFor(() => expect(held.arrived.at(-1)).toBe("clean"));
    held.release("clean");
    await waitFor(() => expect(held.arrived.at(-1)).toBe("failing"));
    held.releaseAll();
    expect((await Promise.all([...running, failing, clean])).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it("serves the login of a browser that signed in before (its device cookie) in its user's lane, ahead of strangers waiting in the pool", { timeout: 60_000 }, async () => {
    const { port, admission } = await serverWith({ maxInProgress: 2, laneQueue: 10 });
    const admin = await signUpOrganization();
    const device = { cookie: `${DEVICE_COOKIE}=${admin.client.cookie(DEVICE_COOKIE)!}` };
    // Anonymous clients fill the pool's share: one runs, five wait.
    const flood = Array.from({ length: 6 }, (_, index) => send(port, "GET", `/held/a${index}`, { from: `127.0.6.${index + 1}` }));
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key)).toMatchObject({ inProgress: 1, waiting: 5 }));
    // A stranger's login (no device cookie) waits its turn among them...
    let isStrangerAnswered = false;
    const stranger = postJsonFrom(port, "127.0.6.20", "/api/app/auth/login", { email: admin.email, password: PASSWORD }).then((answer) => ((isStrangerAnswered = true), answer));
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(6));
    // ...while the browser that signed in before is answered at once, from the same kind of address.
    const proven = await postJsonFrom(port, "127.0.6.21", "/api/app/auth/login", { email: admin.email, password: PASSWORD }, device);
    expect(proven.status, proven.text).toBe(200);
    expect(isStrangerAnswered).toBe(false);
    for (let index = 0; index < 6; index += 1) {
      held.releaseAll();
      if (index < 5) await waitFor(() => expect(held.arrived).toHaveLength(index + 2));
    }
    expect((await stranger).status).toBe(200);
    held.releaseAll();
    expect((await Promise.all(flood)).every((answer) => answer.status === 200)).toBe(true);
  });

  it("answers 503 in the envelope beyond the pool's share of the queue places, while a signed-in user still queues", async () => {
    // 8 places in all: the pool may take a quarter of them (but at least one client's queue, 1).
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 1, maxWaiting: 8 });
    const user = await signedIn();
    const running = send(port, "GET", "/held/r1", { from: "127.0.4.1" });
    await waitFor(() => expect(held.arrived).toEqual(["r1"]));
    const waiting = ["127.0.4.2", "127.0.4.3"].map((from, index) => send(port, "GET", `/held/w${index}`, { from }));
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(2));
    const refused = await send(port, "GET", "/held/w2", { from: "127.0.4.4" });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.text)).toMatchObject({ error: "service_unavailable" });
    // The server's queue is not full: another lane's request still queues, and takes its turn after
    // the pool's request that was waiting before it, before the pool's next.
    const own = send(port, "GET", "/held/u1", { from: "127.0.4.5", headers: user.cookie });
    await waitFor(() => expect(admission.load().waiting).toBe(3));
    await admittedInTurn(["w0", "u1", "w1"]);
    expect((await Promise.all([running, ...waiting, own])).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it("paces the addresses whose logins failed lately together, as one address, while a clean address keeps its own pace", { timeout: 60_000 }, async () => {
    const clock = pacedClock();
    const { port, admission } = await serverWith({ maxInProgress: 4, laneQueue: 100, ...clock.bounds });
    const admin = await signUpOrganization();
    const user = await signedIn();
    for (const from of ["127.0.7.1", "127.0.7.2"]) {
      expect((await postJsonFrom(port, from, "/api/app/auth/login", { email: admin.email, password: "not the password" })).status).toBe(401);
    }
    const other = send(port, "GET", "/held/other", { from: "127.0.7.9", headers: user.cookie });
    await waitFor(() => expect(held.arrived).toEqual(["other"]));
    // Two failing addresses, 30 requests each: one burst between them, the rest wait for the shared pace.
    const failing = [...quickFlood(port, "127.0.7.1", 30), ...quickFlood(port, "127.0.7.2", 30)];
    await waitFor(() => expect(admission.laneLoad(ANONYMOUS_POOL.key).waiting).toBe(60 - ANONYMOUS_PACE.burst));
    // A clean address is not held by their pace: its requests start at once.
    expect(await statuses(quickFlood(port, "127.0.7.3", 5))).toEqual(Array(5).fill(200));
    clock.ms += 2_000;
    clock.wakeNext();
    held.releaseAll();
    expect(await statuses(failing)).toEqual(Array(60).fill(200));
    expect((await other).status).toBe(200);
  });

  it("paces each anonymous address while anyone else is served (a burst, then 20 a second), and never one alone", async () => {
    const clock = pacedClock();
    const { port, admission } = await serverWith({ maxInProgress: 4, laneQueue: 100, ...clock.bounds });
    const user = await signedIn();
    const step = 1_000 / ANONYMOUS_PACE.perSecond;

    // Alone, an address is never paced: more than a burst's worth, with the clock standing still.
    expect(await statuses(quickFlood(port, "127.0.0.20", ANONYMOUS_PACE.burst + 10))).toEqual(Array(ANONYMOUS_PACE.burst + 10).fill(200));
    expect(clock.wakes).toEqual([]);

    // While a signed-in user is served, a new address has its burst, and then waits for its pace.
    const other = send(port, "GET", "/held/other", { from: "127.0.0.21", headers: user.cookie });
    await waitFor(() => expect(held.arrived).toEqual(["other"]));
    const paced = quickFlood(port, "127.0.0.22", ANONYMOUS_PACE.burst + 3);
    await waitFor(() => expect(admission.load()).toMatchObject({ inProgress: 1, waiting: 3 }));
    expect(clock.wakes.map((wake) => wake.ms)).toEqual([step]);

    // Woken before its time, nothing starts and the wake-up is set again; at its time, one request starts.
    clock.wakeNext();
    expect(admission.load().waiting).toBe(3);
    expect(clock.wakes.map((wake) => wake.ms)).toEqual([step]);
    clock.ms += step;
    clock.wakeNext();
    await waitFor(() => expect(admission.load().waiting).toBe(2));
    // Once it is answered, the next wake-up is set; a second later the bucket holds more than the two left: both start.
    await waitFor(() => expect(clock.wakes.map((wake) => wake.ms)).toEqual([step]));
    clock.ms += 1_000;
    clock.wakeNext();
    await waitFor(() => expect(admission.load().waiting).toBe(0));
    held.releaseAll();
    expect(await statuses(paced)).toEqual(Array(ANONYMOUS_PACE.burst + 3).fill(200));
    expect((await other).status).toBe(200);
  });

  it("refuses malformed requests in the sender's lane, so a flood of them is paced too", async () => {
    const clock = pacedClock();
    const { port, admission } = await serverWith({ maxInProgress: 4, laneQueue: 100, ...clock.bounds });
    const user = await signedIn();
    const other = send(port, "GET", "/held/other", { from: "127.0.0.23", headers: user.cookie });
    await waitFor(() => expect(held.arrived).toEqual(["other"]));
    const refusals = Array.from({ length: ANONYMOUS_PACE.burst + 2 }, (_, index) =>
      index % 2 ? send(port, "TRACE", "/api/v1/tasks", { from: "127.0.0.24" }) : send(port, "GET", "/api/app/me%", { from: "127.0.0.24" }),
    );
    await waitFor(() => expect(admission.load().waiting).toBe(2));
    expect(clock.wakes).toHaveLength(1);
    clock.ms += 1_000;
    clock.wakeNext();
    held.releaseAll();
    const answers = await Promise.all(refusals);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: ANONYMOUS_PACE.burst + 2 }, (_, index) => (index % 2 ? 405 : 400)));
    expect(JSON.parse(answers[0]!.text)).toMatchObject({ error: "validation_error" });
    expect((await other).status).toBe(200);
  });

  it("gives a freed slot to another signed-in user before the flooding one's next request, even from one address", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 2, laneQueue: 10 });
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const cookieOf = (user: typeof admin) => ({ cookie: `tt_session=${user.client.cookie("tt_session")!}` });

    // Alone, the admin's lane may use both slots: two run, one waits.
    const flood = ["admin-1", "admin-2", "admin-3"].map((label) => send(port, "GET", `/held/${label}`, { from: "127.0.0.4", headers: cookieOf(admin) }));
    await waitFor(() => expect([held.arrived.length, admission.load().waiting]).toEqual([2, 1]));
    const memberRequest = send(port, "GET", "/held/member-1", { from: "127.0.0.4", headers: cookieOf(member) });
    await waitFor(() => expect(admission.load().waiting).toBe(2));

    held.release(held.arrived[0]!);
    // The slot went to the member, although the admin's request had waited longer: with two users
    // active, each holds at most one of the two slots.
    await waitFor(() => expect(held.arrived).toHaveLength(3));
    expect(held.arrived[2]).toBe("member-1");
    expect(admission.load()).toMatchObject({ inProgress: 2, waiting: 1 });
    held.release("member-1");
    expect((await memberRequest).status).toBe(200);
    expect(admission.load()).toMatchObject({ inProgress: 1, waiting: 1 });
    held.release(held.arrived[1]!);
    await waitFor(() => expect(held.arrived).toHaveLength(4));
    held.releaseAll();
    expect((await Promise.all(flood)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it("answers 429 in the envelope, with Retry-After, beyond a client's queue, while another client still waits its turn", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 2 });
    const running = send(port, "GET", "/held/r1", { from: "127.0.0.6" });
    await waitFor(() => expect(held.arrived).toEqual(["r1"]));
    const queued = ["q1", "q2"].map((label) => send(port, "GET", `/held/${label}`, { from: "127.0.0.6" }));
    await waitFor(() => expect(admission.load().waiting).toBe(2));

    const refused = await send(port, "POST", "/held/q3", { from: "127.0.0.6" });
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(refused.text)).toMatchObject({ error: "rate_limit_exceeded" });
    expect(held.arrived).toEqual(["r1"]);

    // Another client waits its turn: after the request that was waiting before it, before the next.
    const otherClient = send(port, "GET", "/held/other", { from: "127.0.0.7" });
    await waitFor(() => expect(admission.load().waiting).toBe(3));
    await admittedInTurn(["q1", "other", "q2"]);
    expect((await Promise.all([running, ...queued, otherClient])).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it("answers 503 in the envelope when every place in the queues is taken", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 5, maxWaiting: 2 });
    const users = [await signedIn(), await signedIn(), await signedIn()];
    const running = send(port, "GET", "/held/r1", { from: "127.0.0.8", headers: users[0]!.cookie });
    await waitFor(() => expect(held.arrived).toEqual(["r1"]));
    const waiting = [send(port, "GET", "/held/w1", { from: "127.0.0.9", headers: users[1]!.cookie }), send(port, "GET", "/held/w2", { from: "127.0.0.10" })];
    await waitFor(() => expect(admission.load().waiting).toBe(2));
    const refused = await send(port, "GET", "/held/w3", { from: "127.0.0.11", headers: users[2]!.cookie });
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.text)).toMatchObject({ error: "service_unavailable" });
    for (let index = 1; index <= 3; index += 1) {
      held.releaseAll();
      if (index < 3) await waitFor(() => expect(held.arrived).toHaveLength(index + 1));
    }
    expect((await Promise.all([running, ...waiting])).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it("drops a waiting request whose client went away: it never runs and its place is free", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 1 });
    const running = send(port, "GET", "/held/r1", { from: "127.0.0.12" });
    await waitFor(() => expect(held.arrived).toEqual(["r1"]));
    const gone = new AbortController();
    const abandoned = send(port, "GET", "/held/abandoned", { from: "127.0.0.13", signal: gone.signal }).catch((error: Error) => error);
    await waitFor(() => expect(admission.load().waiting).toBe(1));
    gone.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    await waitFor(() => expect(admission.load().waiting).toBe(0));

    // The lane's one place is free again.
    const next = send(port, "GET", "/held/next", { from: "127.0.0.13" });
    await waitFor(() => expect(admission.load().waiting).toBe(1));
    held.release("r1");
    await waitFor(() => expect(held.arrived).toEqual(["r1", "next"]));
    held.release("next");
    expect((await Promise.all([running, next])).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("answers /api/health, /api/ready and /api/metrics outside the lanes, however full they are", async () => {
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 0 });
    const running = send(port, "GET", "/held/r1", { from: "127.0.0.14" });
    await waitFor(() => expect(held.arrived).toEqual(["r1"]));
    // A laned request from the same client is refused at once: no slot, no place in the queue...
    expect((await send(port, "GET", "/held/r2", { from: "127.0.0.14" })).status).toBe(429);
    // ...while the probes are answered.
    expect((await send(port, "GET", "/api/health", { from: "127.0.0.14" })).status).toBe(200);
    expect((await send(port, "GET", "/api/ready", { from: "127.0.0.14" })).status).toBe(200);
    // Without METRICS_TOKEN the metrics route does not exist: its 404, not a 429.
    expect((await send(port, "GET", "/api/metrics", { from: "127.0.0.14" })).status).toBe(404);
    expect(admission.load()).toMatchObject({ inProgress: 1, waiting: 0 });
    held.release("r1");
    expect((await running).status).toBe(200);
  });

  it("holds no slot for an event stream: it is freed once the stream's headers are sent", { timeout: 60_000 }, async () => {
    const { port, admission } = await serverWith({ maxInProgress: 1, laneQueue: 0 });
    const { key } = await apiOrganization(["*"]);
    const authorization = { authorization: `Bearer ${key}` };
    const closed = new AbortController();
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path: "/api/v1/events/stream", headers: authorization, localAddress: "127.0.0.15", signal: closed.signal }, resolve)
        .on("error", (error) => (closed.signal.aborted ? undefined : reject(error)))
        .end();
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers["content-type"]).toContain("text/event-stream");
    await waitFor(() => expect(admission.load().inProgress).toBe(0));
    // With one slot and no queue, this would be refused if the open stream held the slot.
    const tasks = await send(port, "GET", "/api/v1/tasks", { from: "127.0.0.15", headers: authorization });
    expect(tasks.status, tasks.text).toBe(200);
    closed.abort();
    stream.destroy();
  });
});

describe("lanes", () => {
  const request = (headers: http.IncomingHttpHeaders, remoteAddress = "127.0.0.1") => ({ headers: { "x-forwarded-for": remoteAddress, ...headers }, socket: { remoteAddress } }) as unknown as http.IncomingMessage;

  it("puts an API key in a lane of its own once it was accepted, and a made-up or refused key with its address", async () => {
    const { key } = await apiOrganization(["*"]);
    const madeUp = `sk_${"0".repeat(64)}`;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect(await laneOf(request(bearer(key), "127.0.0.20"), "/api/v1/tasks")).toBe("address:127.0.0.20");
    noteApiKeyOutcome(hashApiKey(key), 200);
    expect(await laneOf(request(bearer(key), "127.0.0.20"), "/api/v1/tasks")).toBe(`key:${hashApiKey(key)}`);
    expect(await laneOf(request(bearer(key), "127.0.0.21"), "/api/v1/tasks")).toBe(`key:${hashApiKey(key)}`);
    expect(await laneOf(request(bearer(madeUp), "127.0.0.20"), "/api/v1/tasks")).toBe("address:127.0.0.20");
    noteApiKeyOutcome(hashApiKey(key), 401);
    expect(await laneOf(request(bearer(key), "127.0.0.20"), "/api/v1/tasks")).toBe("address:127.0.0.20");
  });

  it("puts a session whose seal holds in its user's lane, and anything else in the address's", async () => {
    const admin = await signUpOrganization();
    const cookie = `theme=dark; tt_session=${admin.client.cookie("tt_session")!}`;
    expect(await laneOf(request({ cookie }), "/api/app/me")).toBe(`user:${admin.userId}`);
    expect(await laneOf(request({ cookie }), "/time-logs")).toBe(`user:${admin.userId}`);
    expect(await laneOf(request({ cookie: "tt_session=%" }, "127.0.0.22"), "/api/app/me")).toBe("address:127.0.0.22");
    expect(await laneOf(request({ cookie: `tt_session=${admin.client.cookie("tt_session")!.slice(0, -4)}AAAA` }, "127.0.0.22"), "/api/trpc/auth.me")).toBe("address:127.0.0.22");
    // The public API never reads the cookie.
    expect(await laneOf(request({ cookie }, "127.0.0.22"), "/api/v1/tasks")).toBe("address:127.0.0.22");
    expect(await laneOf(request({}), "/api/health")).toBeUndefined();
  });

  it("puts a browser with a device cookie whose signature holds in its user's lane; a forged or expired one stays anonymous", async () => {
    const admin = await signUpOrganization();
    const device = (value: string) => ({ cookie: `${DEVICE_COOKIE}=${value}` });
    const issued = issueDeviceCookie(admin.userId);
    expect(await laneOf(request(device(issued), "127.0.0.30"), "/api/app/auth/login")).toBe(`user:${admin.userId}`);
    expect(await laneOf(request(device(issued), "127.0.0.30"), "/api/trpc/auth.logIn")).toBe(`user:${admin.userId}`);
    // Another user's name under this signature, a changed signature, an expired cookie: anonymous.
    const [version, , time, deviceId, signature] = issued.split(".");
    expect(await laneOf(request(device([version, "someone-else", time, deviceId, signature].join(".")), "127.0.0.30"), "/api/app/auth/login")).toBe("address:127.0.0.30");
    expect(await laneOf(request(device(`${issued.slice(0, -2)}AA`), "127.0.0.30"), "/api/app/auth/login")).toBe("address:127.0.0.30");
    expect(await laneOf(request(device(issueDeviceCookie(admin.userId, Date.now() - 200 * 86_400_000)), "127.0.0.30"), "/api/app/auth/login")).toBe("address:127.0.0.30");
    // The public API reads no cookie.
    expect(await laneOf(request(device(issued), "127.0.0.30"), "/api/v1/tasks")).toBe("address:127.0.0.30");
    expect(laneTermsOf(`user:${admin.userId}`)).toBeUndefined();
    expect(laneTermsOf("address:127.0.0.30")).toEqual({ pool: ANONYMOUS_POOL, pace: ANONYMOUS_PACE, rank: 0 });
    // A failed login from an address ranks it after the others.
    const login = await new TestClient({ "x-forwarded-for": "127.0.0.31" }).post("/api/app/auth/login", { email: admin.email, password: `not ${PASSWORD}` });
    expect(login.status).toBe(401);
    expect(laneTermsOf("address:127.0.0.31")).toEqual({ pool: ANONYMOUS_POOL, pace: ANONYMOUS_PACE, rank: 1 });
  });

  it("groups an IPv6 client by its /64 and reads an IPv4-mapped address as IPv4", () => {
    expect(addressGroup("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressGroup("192.0.2.7")).toBe("192.0.2.7");
  });
});
