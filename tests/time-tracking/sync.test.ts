// Offline sync (app-api section 4): all-or-nothing validation, idempotency per (user, clientSessionId),
// one time_log.created per committed log, all in one transaction.
import { describe, expect, it, vi } from "vitest";
import { TestClient } from "../harness/http";
import { addMember, insertCustomer, insertEndpoint, insertTask, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import * as enqueue from "@/server/webhooks/enqueue";
import { deliveriesOf, deliveryCount, eventsOf } from "../harness/outbox";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

const SYNC = "/api/app/time-logs/sync";

function entry(clientSessionId: string, overrides: Record<string, unknown> = {}) {
  return { clientSessionId, startedAt: "2026-03-02T09:00:00.000Z", endedAt: "2026-03-02T10:00:00.000Z", durationSeconds: 3600, ...overrides };
}

async function logCount(organizationId: string) {
  return (await getDb()).timeLog.count({ where: { organizationId } });
}

describe("POST /api/app/time-logs/sync: commits", () => {
  it("commits every entry, answers the logs in request order and emits one event each (offline_sync)", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    const customer = await insertCustomer(admin.organizationId);
    const endpoint = await insertEndpoint(admin.organizationId, { eventTypes: ["time_log.created"] });
    const response = await admin.client.post(SYNC, {
      entries: [
        entry("s-1", { taskId: task.id, customerId: customer.id, description: "Offline work", tags: ["train"], isBillable: true, source: "manual" }),
        entry("s-2", { startedAt: "2026-03-02T12:30:00+02:00", endedAt: null, durationSeconds: 125, isBillable: false }),
        entry("s-3", { startedAt: "2026-03-02T11:00:00Z", endedAt: "2026-03-02T11:10:00Z", durationSeconds: 0, source: "imported" }),
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(["committed", "duplicates"]);
    expect(response.body.data.duplicates).toEqual([]);
    const committed = response.body.data.committed;
    expect(committed).toHaveLength(3);
    expect(committed[0]).toEqual({
      id: expect.any(String),
      userId: admin.userId,
      taskId: task.id,
      customerId: customer.id,
      constellationId: null,
      description: "Offline work",
      startedAt: "2026-03-02T09:00:00.000Z",
      endedAt: "2026-03-02T10:00:00.000Z",
      durationSeconds: 3600,
      tags: ["train"],
      isBillable: true,
      source: "manual",
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(committed[1]).toMatchObject({ taskId: null, customerId: null, description: null, startedAt: "2026-03-02T10:30:00.000Z", endedAt: "2026-03-02T10:32:05.000Z", durationSeconds: 125, tags: [], isBillable: false, source: "timer" });
    expect(committed[2]).toMatchObject({ durationSeconds: 0, source: "imported", isBillable: true });
    expect(response.text).not.toContain("clientSessionId");
    expect(response.text).not.toContain("notes");

    // Events of one commit share createdAt; pair them with their logs by id.
    const storedEvents = await eventsOf(admin.organizationId, "time_log.created");
    expect(storedEvents.map((event) => event.data.timeLog.id).sort()).toEqual(committed.map((log: { id: string }) => log.id).sort());
    const events = committed.map((log: { id: string }) => storedEvents.find((event) => event.data.timeLog.id === log.id)!) as typeof storedEvents;
    expect(events[0]!.data).toEqual({
      timeLog: {
        id: committed[0].id,
        taskId: task.id,
        description: "Offline work",
        durationSeconds: 3600,
        startedAt: "2026-03-02T09:00:00.000Z",
        stoppedAt: "2026-03-02T10:00:00.000Z",
        tags: ["train"],
        isBillable: true,
      },
      source: "offline_sync",
      userId: admin.userId,
      organizationId: admin.organizationId,
    });
    // No wall-clock end: stoppedAt is startedAt + durationSeconds.
    expect(events[1]!.data.timeLog).toEqual({
      id: committed[1].id,
      taskId: null,
      description: "",
      durationSeconds: 125,
      startedAt: "2026-03-02T10:30:00.000Z",
      stoppedAt: "2026-03-02T10:32:05.000Z",
      tags: [],
      isBillable: false,
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    for (const event of events) {
      const deliveries = await deliveriesOf(event.id);
      expect(deliveries.map((delivery) => [delivery.endpointId, delivery.status])).toEqual([[endpoint.id, "pending"]]);
    }
    const stored = await (await getDb()).timeLog.findUniqueOrThrow({ where: { id: committed[0].id } });
    expect(stored.clientSessionId).toBe("s-1");
  });

  it("adds each committed log to its task's counters, billable time to billableSeconds only", async () => {
    const admin = await signUpOrganization();
    const a = await insertTask(admin.organizationId);
    const b = await insertTask(admin.organizationId, { loggedSeconds: 10, billableSeconds: 10 });
    await admin.client.post(SYNC, {
      entries: [
        entry("1", { taskId: a.id, durationSeconds: 100 }),
        entry("2", { taskId: a.id, durationSeconds: 50, isBillable: false }),
        entry("3", { taskId: b.id, durationSeconds: 7 }),
        entry("4", { durationSeconds: 999 }),
      ],
    });
    const db = await getDb();
    expect(await db.task.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ loggedSeconds: 150, billableSeconds: 100 });
    expect(await db.task.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ loggedSeconds: 17, billableSeconds: 17 });
  });

  it("takes the task's customer for an entry without customerId", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId);
    const task = await insertTask(admin.organizationId, { customerId: customer.id });
    const response = await admin.client.post(SYNC, { entries: [entry("a", { taskId: task.id }), entry("b", { taskId: task.id, customerId: null })] });
    expect(response.body.data.committed.map((log: { customerId: string | null }) => log.customerId)).toEqual([customer.id, null]);
  });

  it("trims descriptions (blank becomes null) and tags (a repeat is kept once)", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post(SYNC, {
      entries: [entry("t-1", { description: "  Notes  ", tags: [" a ", "a", "b"] }), entry("t-2", { description: "   " })],
    });
    expect(response.body.data.committed.map((log: { description: string | null; tags: string[] }) => [log.description, log.tags])).toEqual([
      ["Notes", ["a", "b"]],
      [null, []],
    ]);
    const events = await eventsOf(admin.organizationId, "time_log.created");
    expect(events.map((event) => event.data.timeLog.description)).toEqual(["Notes", ""]);
  });

  it("accepts 500 entries in one request", async () => {
    const admin = await signUpOrganization();
    const entries = Array.from({ length: 500 }, (_, index) => entry(`bulk-${index}`, { durationSeconds: index }));
    const response = await admin.client.post(SYNC, { entries });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.committed).toHaveLength(500);
    expect(await logCount(admin.organizationId)).toBe(500);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(500);
  }, 120_000);
});

describe("POST /api/app/time-logs/sync: idempotency", () => {
  it("lists a replayed entry in duplicates, commits nothing for it and emits nothing", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    await insertEndpoint(admin.organizationId);
    const first = await admin.client.post(SYNC, { entries: [entry("r-1", { taskId: task.id }), entry("r-2")] });
    expect(first.body.data.committed).toHaveLength(2);
    const replay = await admin.client.post(SYNC, { entries: [entry("r-1", { taskId: task.id, durationSeconds: 5 }), entry("r-3"), entry("r-2")] });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data.duplicates).toEqual(["r-1", "r-2"]);
    expect(replay.body.data.committed.map((log: { startedAt: string }) => log.startedAt)).toEqual(["2026-03-02T09:00:00.000Z"]);
    expect(await logCount(admin.organizationId)).toBe(3);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(3);
    expect(await deliveryCount(admin.organizationId)).toBe(3);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(3600);
  });

  it("commits the first of repeats inside one request and lists the others as duplicates", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post(SYNC, {
      entries: [entry("x", { description: "first" }), entry("y"), entry("x", { description: "second" }), entry("x")],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.committed.map((log: { description: string | null }) => log.description)).toEqual(["first", null]);
    expect(response.body.data.duplicates).toEqual(["x", "x"]);
    expect(await logCount(admin.organizationId)).toBe(2);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(2);
  });

  it("answers an all-duplicate replay with an empty committed list", async () => {
    const admin = await signUpOrganization();
    await admin.client.post(SYNC, { entries: [entry("only")] });
    const replay = await admin.client.post(SYNC, { entries: [entry("only")] });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ committed: [], duplicates: ["only"] });
  });

  it("commits concurrent identical syncs once", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    await insertEndpoint(admin.organizationId);
    const body = { entries: [entry("c-1", { taskId: task.id }), entry("c-2", { taskId: task.id, durationSeconds: 60 })] };
    const responses = await Promise.all(Array.from({ length: 5 }, () => admin.client.post(SYNC, body)));
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const committedIds = responses.flatMap((response) => response.body.data.committed.map((log: { id: string }) => log.id));
    expect(committedIds).toHaveLength(2);
    expect(responses.flatMap((response) => response.body.data.duplicates)).toHaveLength(8);
    expect(await logCount(admin.organizationId)).toBe(2);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(2);
    expect(await deliveryCount(admin.organizationId)).toBe(2);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(3660);
  });

  it("keys idempotency by user: the same clientSessionId from two users commits twice", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const a = await admin.client.post(SYNC, { entries: [entry("shared")] });
    const b = await member.client.post(SYNC, { entries: [entry("shared")] });
    expect(a.body.data.committed).toHaveLength(1);
    expect(b.body.data.committed).toHaveLength(1);
    expect(b.body.data.committed[0].userId).toBe(member.userId);
  });

  it("acknowledges a replay even after its task was deleted", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    await admin.client.post(SYNC, { entries: [entry("gone", { taskId: task.id })] });
    await (await getDb()).task.update({ where: { id: task.id }, data: { deletedAt: new Date() } });
    const replay = await admin.client.post(SYNC, { entries: [entry("gone", { taskId: task.id })] });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toEqual({ committed: [], duplicates: ["gone"] });
  });
});

describe("POST /api/app/time-logs/sync: validation, all or nothing", () => {
  it("answers 400 with the field path of each invalid entry and writes nothing", async () => {
    const admin = await signUpOrganization();
    await insertEndpoint(admin.organizationId);
    const response = await admin.client.post(SYNC, {
      entries: [
        entry("ok-1"),
        entry("bad-date", { startedAt: "2026-03-02" }),
        entry("ok-2"),
        entry("bad-local", { startedAt: "2026-03-02T09:00:00" }),
        entry("bad-order", { endedAt: "2026-03-02T08:59:59.999Z" }),
        entry("bad-duration", { durationSeconds: 43201 }),
        entry("bad-source", { source: "api" }),
        { startedAt: "2026-03-02T09:00:00Z", durationSeconds: 1.5 },
        entry("bad-bool", { isBillable: "true" }),
      ],
    });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details.map((detail: { field: string }) => detail.field)).toEqual([
      "entries.1.startedAt",
      "entries.3.startedAt",
      "entries.4.endedAt",
      "entries.5.durationSeconds",
      "entries.6.source",
      "entries.7.clientSessionId",
      "entries.7.durationSeconds",
      "entries.8.isBillable",
    ]);
    expect(await logCount(admin.organizationId)).toBe(0);
    expect(await (await getDb()).webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("rejects an empty list, more than 500 entries, a missing list and a non-object body", async () => {
    const admin = await signUpOrganization();
    const empty = await admin.client.post(SYNC, { entries: [] });
    expectErrorEnvelope(empty, 400, "validation_error");
    expect(empty.body.details).toEqual([{ field: "entries", message: expect.any(String) }]);
    const tooMany = await admin.client.post(SYNC, { entries: Array.from({ length: 501 }, (_, index) => entry(`e${index}`)) });
    expect(tooMany.body.details).toEqual([{ field: "entries", message: expect.any(String) }]);
    expect((await admin.client.post(SYNC, {})).body.details).toEqual([{ field: "entries", message: expect.any(String) }]);
    expectErrorEnvelope(await admin.client.post(SYNC, [entry("a")]), 400, "validation_error");
    expect(await logCount(admin.organizationId)).toBe(0);
  });

  it("accepts the bounds: duration 0 and 43200, endedAt equal to startedAt", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post(SYNC, {
      entries: [entry("zero", { durationSeconds: 0, endedAt: "2026-03-02T09:00:00.000Z" }), entry("max", { durationSeconds: 43200 })],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.committed.map((log: { durationSeconds: number }) => log.durationSeconds)).toEqual([0, 43200]);
  });

  it("rejects tasks and customers of another organization, naming each field, and writes nothing", async () => {
    const admin = await signUpOrganization();
    const other = await signUpOrganization();
    const ownTask = await insertTask(admin.organizationId);
    const foreignTask = await insertTask(other.organizationId);
    const foreignCustomer = await insertCustomer(other.organizationId);
    const deletedTask = await insertTask(admin.organizationId, { deletedAt: new Date() });
    const response = await admin.client.post(SYNC, {
      entries: [
        entry("a", { taskId: ownTask.id }),
        entry("b", { taskId: foreignTask.id }),
        entry("c", { customerId: foreignCustomer.id }),
        entry("d", { taskId: deletedTask.id, customerId: "nope" }),
      ],
    });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([
      { field: "entries.1.taskId", message: expect.any(String) },
      { field: "entries.2.customerId", message: expect.any(String) },
      { field: "entries.3.taskId", message: expect.any(String) },
      { field: "entries.3.customerId", message: expect.any(String) },
    ]);
    expect(response.text).not.toContain(foreignTask.title);
    expect(await logCount(admin.organizationId)).toBe(0);
    expect(await logCount(other.organizationId)).toBe(0);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: ownTask.id } })).loggedSeconds).toBe(0);
  });

  it("needs a session", async () => {
    expectErrorEnvelope(await new TestClient().post(SYNC, { entries: [entry("a")] }), 401, "unauthorized");
  });
});

describe("POST /api/app/time-logs/sync: outbox atomicity", () => {
  it("rolls back every log, counter and event when writing an event fails", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    await insertEndpoint(admin.organizationId);
    const original = enqueue.planEvents;
    let calls = 0;
    // The logs, the task's counters and the first event are written, then the second event (given
    // the first one's id) fails the write: all of it must roll back.
    const spy = vi.spyOn(enqueue, "planEvents").mockImplementation(async (db, events) => {
      calls += 1;
      const planned = await original(db, events);
      return { ...planned, events: planned.events.map((event) => ({ ...event, id: planned.events[0]!.id })) };
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await admin.client.post(SYNC, { entries: [entry("a", { taskId: task.id }), entry("b", { taskId: task.id })] });
      expectErrorEnvelope(response, 500, "internal_error");
      // The database error stays in the log.
      expect(response.text).not.toMatch(/WebhookEvent|duplicate key/);
    } finally {
      spy.mockRestore();
      consoleError.mockRestore();
    }
    const db = await getDb();
    expect(calls).toBe(1);
    expect(await logCount(admin.organizationId)).toBe(0);
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await deliveryCount(admin.organizationId)).toBe(0);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(0);
    // The entries were never committed, so a retry commits them.
    const retry = await admin.client.post(SYNC, { entries: [entry("a", { taskId: task.id }), entry("b", { taskId: task.id })] });
    expect(retry.body.data.committed).toHaveLength(2);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(2);
  });
});

describe("POST /api/app/time-logs/sync: one organization's syncs take turns", () => {
  it("runs a second sync of the organization after the first, while another organization's sync goes ahead", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const other = await signUpOrganization();
    const original = enqueue.planEvents;
    // The first sync to plan its events is held there until the test lets it go.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const planned: string[] = [];
    const spy = vi.spyOn(enqueue, "planEvents").mockImplementation(async (db, events) => {
      planned.push((events[0]!.data as { timeLog: { description: string } }).timeLog.description);
      if (planned.length === 1) await firstHeld;
      return original(db, events);
    });
    try {
      const first = admin.client.post(SYNC, { entries: [entry("first", { description: "first" })] });
      await vi.waitFor(() => expect(planned).toEqual(["first"]));
      // Another user of the same organization: the sync waits for the first one.
      const second = member.client.post(SYNC, { entries: [entry("second", { description: "second" })] });
      // Another organization's sync is not held behind them.
      const otherSync = await other.client.post(SYNC, { entries: [entry("other-1", { description: "other" })] });
      expect(otherSync.status, otherSync.text).toBe(200);
      expect(planned).toEqual(["first", "other"]);
      expect(await logCount(admin.organizationId)).toBe(0);

      releaseFirst();
      const [firstAnswer, secondAnswer] = await Promise.all([first, second]);
      expect([firstAnswer.status, secondAnswer.status]).toEqual([200, 200]);
      expect(planned).toEqual(["first", "other", "second"]);
      expect(await logCount(admin.organizationId)).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
