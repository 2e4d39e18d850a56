// The embedded database runs on a worker thread (src/server/pglite): the event loop keeps serving while
// a statement runs, and what crosses the thread (values, errors, transactions, notifications) arrives
// as it did when PGlite ran on the main thread; statements take the one connection in turns per
// organization. PGlite only.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { withinOrganizationLimit } from "@/server/load/organization-load";
import { syncTimeLogsInput } from "@/server/contract/time-log";
import { getDatabase, getDb, Prisma } from "@/server/db";
import { asBackground, asOrganization } from "@/server/load/database-turns";
import { startPGliteWorker } from "@/server/pglite/worker-adapter";
import { syncTimeLogs } from "@/server/services/time-tracking/sync";
import { expectErrorEnvelope } from "../harness/assertions";
import { apiOrganization, insertTask, signUpOrganization } from "../harness/factories";
import { dispatchToNext } from "../harness/http";
import { startOrbitServer } from "../harness/server";
import { adminUrl } from "../setup/test-database";

/** A PGlite worker of its own on the migrated template, its adapter handed to `use`, closed after. */
async function withWorkerAdapter(use: (adapter: Awaited<ReturnType<ReturnType<typeof startPGliteWorker>["adapterFactory"]["connect"]>>) => Promise<void>): Promise<void> {
  const pglite = startPGliteWorker({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate")!)]) });
  const adapter = await pglite.adapterFactory.connect();
  try {
    await use(adapter);
  } finally {
    await pglite.close();
  }
}

/**
 * Runs `queue` while a transaction of a turn owner of its own holds the process's embedded database's
 * connection (so that whatever `queue` sends waits in its owners' turns), then lets the connection go.
 */
async function whileConnectionHeld<T>(queue: () => Promise<T>): Promise<T> {
  const db = await getDb();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const holding = asOrganization("holder", () =>
    db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        held();
        await released;
      },
      { timeout: 120_000 },
    ),
  );
  await isHeld;
  try {
    return await queue();
  } finally {
    release();
    await holding;
  }
}

/** Resolves once the turn owners matching `owner` have `calls` calls waiting for the connection in all. */
async function callsWaiting(owner: RegExp, calls = 1): Promise<void> {
  const { waitingTurns } = await getDatabase();
  const waiting = async () => (await waitingTurns!()).filter((waiting) => owner.test(waiting.owner)).reduce((sum, waiting) => sum + waiting.calls, 0);
  await expect.poll(waiting, { timeout: 60_000 }).toBeGreaterThanOrEqual(calls);
}

describe.skipIf(Boolean(adminUrl))("the embedded database on its worker thread", () => {
  it("keeps serving requests while a statement runs: /api/health answers before pg_sleep(3) returns", async () => {
    const { adapterFactory } = await getDatabase();
    let handedOver!: () => void;
    const sleepHandedOver = new Promise<void>((resolve) => (handedOver = resolve));
    // A client whose adapter tells when the statement has been handed to the database (to PGlite
    // itself, were it on this thread): the request is sent only then.
    const watched = new PrismaClient({
      adapter: {
        provider: adapterFactory.provider,
        adapterName: adapterFactory.adapterName,
        connect: async () => {
          const adapter = await adapterFactory.connect();
          const executeRaw = adapter.executeRaw.bind(adapter);
          adapter.executeRaw = (query) => {
            const running = executeRaw(query);
            if (query.sql.includes("pg_sleep")) handedOver();
            return running;
          };
          return adapter;
        },
      },
    });
    // Orbit's server's request handler on a real socket: an answer needs the event loop, turn after turn.
    const server = await startOrbitServer(dispatchToNext);
    try {
      const health = `http://127.0.0.1:${server.port}/api/health`;
      expect((await fetch(health)).status).toBe(200);
      const finished: string[] = [];
      const sleeping = watched.$executeRaw`SELECT pg_sleep(3)`.then(() => finished.push("pg_sleep"));
      await sleepHandedOver;
      const answer = await fetch(health);
      finished.push("health");
      await sleeping;
      expect(answer.status).toBe(200);
      expect(finished).toEqual(["health", "pg_sleep"]);
    } finally {
      await server.close();
      await watched.$disconnect();
    }
  });

  it("returns every type exactly: timestamps to the millisecond, bigint, bytea, text[], jsonb, numeric, null", async () => {
    const db = await getDb();
    const at = new Date("2026-03-04T05:06:07.891Z");
    const bytes = new Uint8Array([0, 1, 127, 128, 255]);
    const tags = ["plain", "with,comma", 'with "quotes"', "ünïcödé", ""];
    const document = { nested: { list: [1, 2.5, "three", null, true] }, emoji: "⏱" };
    const [row] = await db.$queryRaw<Record<string, unknown>[]>`
      SELECT ${at}::timestamptz AS at, '2026-03-04 05:06:07.891'::timestamp AS naive, ${9007199254740993n}::int8 AS big,
             ${bytes}::bytea AS bytes, ${tags}::text[] AS tags, ${JSON.stringify(document)}::jsonb AS document,
             ${new Prisma.Decimal("12345678901234567890.123456789")}::numeric AS amount, NULL::text AS nothing,
             2147483647::int4 AS int, 0.1::float8 AS float, true AS yes, '2026-03-04'::date AS day`;
    expect(row).toEqual({
      at,
      naive: at,
      big: 9007199254740993n,
      bytes,
      tags,
      document,
      amount: expect.any(Prisma.Decimal),
      nothing: null,
      int: 2147483647,
      float: 0.1,
      yes: true,
      day: new Date("2026-03-04T00:00:00.000Z"),
    });
    expect(String(row!.amount)).toBe("12345678901234567890.123456789");

    // And through the models: a text[] column, a Json column, timestamps with milliseconds.
    const { organizationId } = await signUpOrganization();
    const task = await insertTask(organizationId, { tags, createdAt: at, deletedAt: null });
    const constellation = await db.constellation.create({ data: { organizationId, title: "Board", boardLayout: document, dueDate: at } });
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id }, select: { tags: true, createdAt: true, deletedAt: true } })).toEqual({
      tags,
      createdAt: at,
      deletedAt: null,
    });
    expect(await db.constellation.findUniqueOrThrow({ where: { id: constellation.id }, select: { boardLayout: true, dueDate: true } })).toEqual({
      boardLayout: document,
      dueDate: at,
    });
  });

  it("keeps a unique violation's shape: Prisma's P2002 naming the columns, and the route's 409", async () => {
    const admin = await signUpOrganization();
    expect((await admin.client.post("/api/app/timers/start", { description: "First" })).status).toBe(201);
    // The second timer is refused by the unique index on the running timer's user, not by a read first.
    expectErrorEnvelope(await admin.client.post("/api/app/timers/start", { description: "Second" }), 409, "conflict", { inApp: true });

    const db = await getDb();
    const duplicate = db.runningTimer.create({ data: { organizationId: admin.organizationId, userId: admin.userId, startedAt: new Date() } });
    await expect(duplicate).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    await expect(duplicate).rejects.toMatchObject({ code: "P2002" });
    const error = (await duplicate.catch((caught: unknown) => caught)) as Prisma.PrismaClientKnownRequestError;
    expect(JSON.stringify(error.meta)).toContain("userId");
  });

  it("rolls back a transaction that throws and commits one that returns", async () => {
    const db = await getDb();
    const { organizationId } = await signUpOrganization();
    await expect(
      db.$transaction(async (tx) => {
        await tx.task.create({ data: { organizationId, title: "Abandoned" } });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await db.$transaction(async (tx) => {
      await tx.task.create({ data: { organizationId, title: "Kept" } });
    });
    const titles = await db.task.findMany({ where: { organizationId }, select: { title: true } });
    expect(titles).toEqual([{ title: "Kept" }]);
  });

  it("runs concurrent transactions one after another, never interleaved", async () => {
    const db = await getDb();
    const { organizationId } = await signUpOrganization();
    const task = await insertTask(organizationId);
    const events: string[] = [];
    // Each reads the counter, lets the event loop turn, then writes it plus one: interleaved
    // transactions on PGlite's one connection would lose updates and mix their events.
    await Promise.all(
      [0, 1, 2, 3, 4].map((index) =>
        db.$transaction(async (tx) => {
          events.push(`begin ${index}`);
          const { loggedSeconds } = await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: { loggedSeconds: true } });
          await new Promise((resolve) => setImmediate(resolve));
          await tx.task.update({ where: { id: task.id }, data: { loggedSeconds: loggedSeconds + 1 } });
          events.push(`end ${index}`);
        }),
      ),
    );
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(5);
    for (let position = 0; position < events.length; position += 2) {
      expect(events[position + 1]).toBe(events[position]!.replace("begin", "end"));
    }
  });

  it("delivers a NOTIFY to a listener once its transaction commits, and never one rolled back", async () => {
    const database = await getDatabase();
    const received: string[] = [];
    const unlisten = await database.listen("orbit_worker_test", (payload) => received.push(payload));
    try {
      await expect(
        database.prisma.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT pg_notify('orbit_worker_test', 'rolled back')`;
          throw new Error("abandon");
        }),
      ).rejects.toThrow("abandon");
      await database.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SELECT pg_notify('orbit_worker_test', 'committed')`;
      });
      // Notifications arrive in commit order: the rolled-back one would have come first.
      await expect.poll(() => received).toEqual(["committed"]);
    } finally {
      await unlisten();
    }
  });

  it("serves statements in turns per organization: another organization's waits for at most the one running", async () => {
    await withWorkerAdapter(async (adapter) => {
      const finished: string[] = [];
      const sleep = { sql: "SELECT pg_sleep(0.05)", args: [], argTypes: [] };
      const select = { sql: "SELECT 1", args: [], argTypes: [] };
      const run = (name: string, query: typeof select) => adapter.executeRaw(query).then(() => void finished.push(name));
      // All queued at once, in this order: first come, first served would finish a1…a6 before b1.
      await Promise.all([
        ...[1, 2, 3, 4, 5, 6].map((index) => asOrganization("a", () => run(`a${index}`, sleep))),
        asOrganization("b", () => run("b1", select)),
        asOrganization("b", () => run("b2", select)),
        asBackground(() => run("background", select)),
        run("unattributed", select),
      ]);
      // Background work after four turns of others while it waits.
      expect(finished).toEqual(["a1", "b1", "unattributed", "a2", "b2", "background", "a3", "a4", "a5", "a6"]);
    });
  });

  it("serves background work when no request's turn owner waits, or after four turns of others", async () => {
    await withWorkerAdapter(async (adapter) => {
      const finished: string[] = [];
      const select = { sql: "SELECT 1", args: [], argTypes: [] };
      const run = (name: string) => adapter.queryRaw(select).then(() => void finished.push(name));
      const tx = await asOrganization("holder", () => adapter.startTransaction());
      // Queued while the connection is held, background work first.
      const queued = [
        asBackground(() => run("background 1")),
        asBackground(() => run("background 2")),
        ...[1, 2, 3].map((index) => asOrganization("a", () => run(`a${index}`))),
        ...[1, 2, 3].map((index) => asOrganization("b", () => run(`b${index}`))),
      ];
      await tx.commit();
      await Promise.all(queued);
      expect(finished).toEqual(["a1", "b1", "a2", "b2", "background 1", "a3", "b3", "background 2"]);
    });
  });

  it("gives turns by the organization a request runs for, through Prisma", async () => {
    const db = await getDb();
    const [a, b] = await Promise.all([signUpOrganization(), signUpOrganization()]);
    const finished: string[] = [];
    const busy = [1, 2, 3, 4, 5].map((index) =>
      withinOrganizationLimit(a.organizationId, () => db.$executeRaw`SELECT pg_sleep(0.05)`).then(() => void finished.push(`a${index}`)),
    );
    const other = withinOrganizationLimit(b.organizationId, () => db.$queryRaw`SELECT 1`).then(() => void finished.push("b"));
    await Promise.all([...busy, other]);
    // Behind at most the statement of a running when it arrived; in arrival order it would be last.
    expect(finished.indexOf("b")).toBeLessThanOrEqual(1);
    expect(finished.filter((name) => name !== "b")).toEqual(["a1", "a2", "a3", "a4", "a5"]);
  });

  it.each([
    [
      "admits an API request in its key's turns",
      /^(key:.*)?$/,
      async () => {
        const victim = await apiOrganization(["*"]);
        return () => victim.api.get("/api/v1/tasks");
      },
    ],
    [
      "looks a signed-in user up in the user's turns",
      /^(user:.*)?$/,
      async () => {
        const user = await signUpOrganization();
        return () => user.client.get("/api/app/me");
      },
    ],
  ] as const)("%s, not behind the calls of no one in particular queued before it", { timeout: 120_000 }, async (_name, owner, sender) => {
    const db = await getDb();
    const send = await sender();
    expect((await send()).status).toBe(200);
    const finished: string[] = [];
    const [anonymous, request] = await whileConnectionHeld(async () => {
      // Anonymous requests' statements (no organization known yet), queued ahead of the request.
      const anonymous = [1, 2, 3, 4, 5, 6].map((index) => db.$executeRaw`SELECT pg_sleep(0.2)`.then(() => void finished.push(`anonymous ${index}`)));
      const request = send().then((response) => (finished.push("request"), response));
      // Queued as whichever owner it runs for: no one in particular, or its own.
      await callsWaiting(owner, 7);
      return [anonymous, request] as const;
    });
    await Promise.all(anonymous);
    expect((await request).status).toBe(200);
    // As no one in particular the admission would have waited for all six.
    expect(finished.indexOf("request")).toBeLessThan(finished.indexOf("anonymous 6"));
  });

  it("serves another organization between a 500-entry sync's statements: the sync holds no transaction open", { timeout: 120_000 }, async () => {
    const db = await getDb();
    const [producer, other] = await Promise.all([signUpOrganization(), signUpOrganization()]);
    const entry = (index: number) => ({ clientSessionId: `held-${index}`, startedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(), durationSeconds: 60 });
    expect((await producer.client.post("/api/app/time-logs/sync", { entries: [entry(-1)] })).status).toBe(200);
    const logsOfProducer = () => db.timeLog.count({ where: { organizationId: producer.organizationId } });
    // The sync as its route runs it once the session is known (the session's own lookup would wait for the held connection).
    const actor = { organizationId: producer.organizationId, userId: producer.userId, role: "admin" as const };
    const input = syncTimeLogsInput.parse({ entries: Array.from({ length: 500 }, (_, index) => entry(index)) });
    const [syncing, seenByOther] = await whileConnectionHeld(async () => {
      const syncing = withinOrganizationLimit(producer.organizationId, () => syncTimeLogs(db, actor, input));
      await callsWaiting(new RegExp(`^organization:${producer.organizationId}$`));
      const seenByOther = withinOrganizationLimit(other.organizationId, logsOfProducer);
      await callsWaiting(new RegExp(`^organization:${other.organizationId}$`));
      return [syncing, seenByOther] as const;
    });
    expect((await syncing).committed).toHaveLength(500);
    // The other organization's statement ran after the sync's first one and before its writes; a
    // transaction from the sync's start to its commit would have made it wait for all 500 logs.
    expect(await seenByOther).toBe(1);
    expect(await logsOfProducer()).toBe(501);
  });

  it("runs a transaction's own statements while other calls wait for its end, then serves them", async () => {
    await withWorkerAdapter(async (adapter) => {
      const events: string[] = [];
      const select = { sql: "SELECT 1", args: [], argTypes: [] };
      const tx = await asOrganization("a", () => adapter.startTransaction());
      // Queued while the transaction holds the connection: they must not run inside it, and the
      // transaction's own statements must not wait behind them.
      const waiting = [
        asOrganization("b", () => adapter.queryRaw(select).then(() => void events.push("b"))),
        asOrganization("a", () => adapter.queryRaw(select).then(() => void events.push("a"))),
      ];
      await tx.executeRaw({ sql: "SELECT pg_sleep(0.05)", args: [], argTypes: [] });
      events.push("in transaction");
      await tx.commit();
      events.push("committed");
      await Promise.all(waiting);
      expect(events).toEqual(["in transaction", "committed", "b", "a"]);
    });
  });

  it("closes after the last open transaction, and refuses calls once closed", async () => {
    const pglite = startPGliteWorker({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate")!)]) });
    const adapter = await pglite.adapterFactory.connect();
    const tx = await adapter.startTransaction();
    const events: string[] = [];
    const closed = pglite.close().then(() => events.push("closed"));
    const query = { sql: "SELECT 41 + 1 AS answer", args: [], argTypes: [] };
    expect((await tx.queryRaw(query)).rows).toEqual([[42]]);
    await tx.commit();
    events.push("committed");
    await closed;
    expect(events).toEqual(["committed", "closed"]);
    await expect(adapter.queryRaw(query)).rejects.toThrow(/closed/);
  });
});
