// Live timers (app-api section 4): start, current, stop with the 12-hour clamp, one per user.
import { describe, expect, it } from "vitest";
import { TestClient } from "../harness/http";
import { addMember, insertCustomer, insertEndpoint, insertTask, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import { deliveriesOf, eventsOf } from "../harness/outbox";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

describe("POST /api/app/timers/start", () => {
  it("starts a timer with defaults and answers 201 with exactly the timer fields", async () => {
    const admin = await signUpOrganization();
    const before = Date.now();
    const response = await admin.client.post("/api/app/timers/start", {});
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.any(String),
      taskId: null,
      customerId: null,
      constellationId: null,
      description: null,
      tags: [],
      isBillable: true,
      startedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(response.body.data.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) });
  });

  it("keeps the given task, customer, description, tags and isBillable", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    const customer = await insertCustomer(admin.organizationId);
    const response = await admin.client.post("/api/app/timers/start", {
      taskId: task.id,
      customerId: customer.id,
      description: "Pairing",
      tags: ["deep-work", "client"],
      isBillable: false,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({ taskId: task.id, customerId: customer.id, description: "Pairing", tags: ["deep-work", "client"], isBillable: false });
  });

  it("takes the task's customer when no customerId is sent, and none when customerId is null", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId);
    const task = await insertTask(admin.organizationId, { customerId: customer.id });
    const inherited = await admin.client.post("/api/app/timers/start", { taskId: task.id });
    expect(inherited.body.data.customerId).toBe(customer.id);
    await admin.client.post("/api/app/timers/stop");
    const explicit = await admin.client.post("/api/app/timers/start", { taskId: task.id, customerId: null });
    expect(explicit.status).toBe(201);
    expect(explicit.body.data.customerId).toBeNull();
  });

  it("answers 409 conflict while a timer runs and keeps the first timer", async () => {
    const admin = await signUpOrganization();
    const first = await admin.client.post("/api/app/timers/start", { description: "first" });
    const second = await admin.client.post("/api/app/timers/start", { description: "second" });
    expectErrorEnvelope(second, 409, "conflict");
    const current = await admin.client.get("/api/app/timers/current");
    expect(current.body.data).toEqual(first.body.data);
  });

  it("lets only one of many concurrent starts win", async () => {
    const admin = await signUpOrganization();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, index) => admin.client.post("/api/app/timers/start", { description: `try ${index}` })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) expectErrorEnvelope(response, 409, "conflict");
    expect(await (await getDb()).runningTimer.count({ where: { userId: admin.userId } })).toBe(1);
  });

  it("runs one timer per user: two users of one organization each have their own", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    expect((await admin.client.post("/api/app/timers/start", {})).status).toBe(201);
    expect((await member.client.post("/api/app/timers/start", {})).status).toBe(201);
    const [adminTimer, memberTimer] = await Promise.all([admin.client.get("/api/app/timers/current"), member.client.get("/api/app/timers/current")]);
    expect(adminTimer.body.data.id).not.toBe(memberTimer.body.data.id);
  });

  it("rejects a task or customer of another organization with 400 naming the field, and writes nothing", async () => {
    const admin = await signUpOrganization();
    const other = await signUpOrganization();
    const foreignTask = await insertTask(other.organizationId);
    const foreignCustomer = await insertCustomer(other.organizationId);
    const response = await admin.client.post("/api/app/timers/start", { taskId: foreignTask.id, customerId: foreignCustomer.id });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([
      { field: "taskId", message: expect.any(String) },
      { field: "customerId", message: expect.any(String) },
    ]);
    expect(response.text).not.toContain(foreignTask.title);
    expect(await (await getDb()).runningTimer.count({ where: { userId: admin.userId } })).toBe(0);
  });

  it("rejects a deleted task and an unknown id", async () => {
    const admin = await signUpOrganization();
    const deleted = await insertTask(admin.organizationId, { deletedAt: new Date() });
    const response = await admin.client.post("/api/app/timers/start", { taskId: deleted.id });
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([{ field: "taskId", message: expect.any(String) }]);
    const unknown = await admin.client.post("/api/app/timers/start", { customerId: "missing" });
    expect(unknown.body.details).toEqual([{ field: "customerId", message: expect.any(String) }]);
  });

  it("validates the body: types, tag limits, description length", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post("/api/app/timers/start", {
      isBillable: "false",
      tags: ["ok", "x".repeat(51)],
      description: "d".repeat(501),
      taskId: 42,
    });
    expectErrorEnvelope(response, 400, "validation_error");
    const fields = response.body.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(["description", "isBillable", "tags.1", "taskId"]);
    const tooMany = await admin.client.post("/api/app/timers/start", { tags: Array.from({ length: 51 }, (_, index) => `t${index}`) });
    expect(tooMany.body.details).toEqual([{ field: "tags", message: expect.any(String) }]);
    expect(await (await getDb()).runningTimer.count({ where: { userId: admin.userId } })).toBe(0);
  });

  it("needs a session (401) and refuses a cross-origin request (403)", async () => {
    expectErrorEnvelope(await new TestClient().post("/api/app/timers/start", {}), 401, "unauthorized");
    expectErrorEnvelope(await new TestClient().get("/api/app/timers/current"), 401, "unauthorized");
    expectErrorEnvelope(await new TestClient().post("/api/app/timers/stop"), 401, "unauthorized");
    const admin = await signUpOrganization();
    const crossSite = await admin.client.post("/api/app/timers/start", {}, { headers: { origin: "https://evil.example" } });
    expectErrorEnvelope(crossSite, 403, "forbidden");
  });
});

describe("GET /api/app/timers/current", () => {
  it("answers data null when no timer runs, and never lists a running timer as a time log", async () => {
    const admin = await signUpOrganization();
    const none = await admin.client.get("/api/app/timers/current");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: null, meta: { apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) } });
    await admin.client.post("/api/app/timers/start", {});
    expect(await (await getDb()).timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toEqual([]);
  });
});

describe("POST /api/app/timers/stop", () => {
  it("commits the time log, answers it in the time-log shape and emits time_log.created (timer_stop)", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    const endpoint = await insertEndpoint(admin.organizationId);
    const started = await admin.client.post("/api/app/timers/start", { taskId: task.id, description: "Review", tags: ["a"] });
    const db = await getDb();
    const startedAt = new Date(Date.now() - 90_500);
    await db.runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt } });

    const before = Date.now();
    const response = await admin.client.post("/api/app/timers/stop");
    const after = Date.now();
    expect(response.status, response.text).toBe(200);
    const log = response.body.data;
    expect(Object.keys(log).sort()).toEqual(
      ["constellationId", "createdAt", "customerId", "description", "durationSeconds", "endedAt", "id", "isBillable", "source", "startedAt", "tags", "taskId", "updatedAt", "userId"].sort(),
    );
    expect(log).toMatchObject({ userId: admin.userId, taskId: task.id, customerId: null, description: "Review", tags: ["a"], isBillable: true, source: "timer" });
    expect(log.startedAt).toBe(startedAt.toISOString());
    expect(Date.parse(log.endedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(log.endedAt)).toBeLessThanOrEqual(after);
    expect(log.durationSeconds).toBe(Math.floor((Date.parse(log.endedAt) - startedAt.getTime()) / 1000));
    expect(log.durationSeconds).toBeGreaterThanOrEqual(90);
    expect(log.createdAt).toMatch(ISO_TIMESTAMP);

    expect(await db.runningTimer.count({ where: { userId: admin.userId } })).toBe(0);
    expect((await admin.client.get("/api/app/timers/current")).body.data).toBeNull();
    const stored = await db.timeLog.findUniqueOrThrow({ where: { id: log.id } });
    expect(stored.clientSessionId).toBeNull();
    expect(stored.organizationId).toBe(admin.organizationId);
    const updatedTask = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(updatedTask.loggedSeconds).toBe(log.durationSeconds);
    expect(updatedTask.billableSeconds).toBe(log.durationSeconds);

    const events = await eventsOf(admin.organizationId, "time_log.created");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      timeLog: {
        id: log.id,
        taskId: task.id,
        description: "Review",
        durationSeconds: log.durationSeconds,
        startedAt: log.startedAt,
        stoppedAt: log.endedAt,
        tags: ["a"],
        isBillable: true,
      },
      source: "timer_stop",
      userId: admin.userId,
      organizationId: admin.organizationId,
    });
    const deliveries = await deliveriesOf(events[0]!.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ endpointId: endpoint.id, status: "pending", attempts: 0, eventType: "time_log.created", organizationId: admin.organizationId });
  });

  it("writes an empty description and a null taskId into the event of a bare timer, and leaves tasks alone", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    await admin.client.post("/api/app/timers/start", { isBillable: false });
    const response = await admin.client.post("/api/app/timers/stop");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ taskId: null, description: null, isBillable: false, source: "timer" });
    const [event] = await eventsOf(admin.organizationId, "time_log.created");
    expect(event!.data.timeLog).toMatchObject({ taskId: null, description: "", isBillable: false, tags: [] });
    expect(await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ loggedSeconds: 0, billableSeconds: 0 });
  });

  it("counts non-billable time into loggedSeconds only", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId, { loggedSeconds: 100, billableSeconds: 40 });
    const started = await admin.client.post("/api/app/timers/start", { taskId: task.id, isBillable: false });
    await (await getDb()).runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt: new Date(Date.now() - 60_000) } });
    const stopped = await admin.client.post("/api/app/timers/stop");
    const updated = await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } });
    expect(updated.loggedSeconds).toBe(100 + stopped.body.data.durationSeconds);
    expect(updated.billableSeconds).toBe(40);
  });

  it("clamps the duration to 12 hours and keeps the wall-clock end", async () => {
    const admin = await signUpOrganization();
    const started = await admin.client.post("/api/app/timers/start", {});
    const startedAt = new Date(Date.now() - 30 * 3600 * 1000);
    await (await getDb()).runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt } });
    const response = await admin.client.post("/api/app/timers/stop");
    expect(response.status).toBe(200);
    expect(response.body.data.durationSeconds).toBe(43200);
    expect(Date.parse(response.body.data.endedAt) - startedAt.getTime()).toBeGreaterThanOrEqual(30 * 3600 * 1000);
    const [event] = await eventsOf(admin.organizationId, "time_log.created");
    expect(event!.data.timeLog.durationSeconds).toBe(43200);
    expect(event!.data.timeLog.stoppedAt).toBe(response.body.data.endedAt);
  });

  it("does not clamp exactly 12 hours minus a second", async () => {
    const admin = await signUpOrganization();
    const started = await admin.client.post("/api/app/timers/start", {});
    await (await getDb()).runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt: new Date(Date.now() - 43199 * 1000 - 200) } });
    const response = await admin.client.post("/api/app/timers/stop");
    expect([43199, 43200]).toContain(response.body.data.durationSeconds);
  });

  it("answers 409 when no timer runs, and writes nothing", async () => {
    const admin = await signUpOrganization();
    expectErrorEnvelope(await admin.client.post("/api/app/timers/stop"), 409, "conflict");
    await admin.client.post("/api/app/timers/start", {});
    expect((await admin.client.post("/api/app/timers/stop")).status).toBe(200);
    expectErrorEnvelope(await admin.client.post("/api/app/timers/stop"), 409, "conflict");
    expect(await (await getDb()).timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(1);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(1);
  });

  it("commits exactly one log when two stops race", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    const started = await admin.client.post("/api/app/timers/start", { taskId: task.id });
    await (await getDb()).runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt: new Date(Date.now() - 600_000) } });
    const responses = await Promise.all([admin.client.post("/api/app/timers/stop"), admin.client.post("/api/app/timers/stop"), admin.client.post("/api/app/timers/stop")]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const db = await getDb();
    expect(await db.timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(1);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(1);
    const winner = responses.find((response) => response.status === 200)!.body.data;
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(winner.durationSeconds);
  });

  it("stops only the caller's own timer", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await member.client.post("/api/app/timers/start", {});
    expectErrorEnvelope(await admin.client.post("/api/app/timers/stop"), 409, "conflict");
    expect((await member.client.get("/api/app/timers/current")).body.data).not.toBeNull();
    const stopped = await member.client.post("/api/app/timers/stop");
    expect(stopped.body.data.userId).toBe(member.userId);
  });

  it("fans the event out to every subscribed active endpoint only, with one shared event id", async () => {
    const admin = await signUpOrganization();
    const other = await signUpOrganization();
    const subscribed = await insertEndpoint(admin.organizationId, { eventTypes: ["time_log.created"] });
    const both = await insertEndpoint(admin.organizationId);
    await insertEndpoint(admin.organizationId, { eventTypes: ["invoice.created"] });
    await insertEndpoint(admin.organizationId, { isActive: false, disabledAt: new Date() });
    await insertEndpoint(other.organizationId);
    await admin.client.post("/api/app/timers/start", {});
    await admin.client.post("/api/app/timers/stop");
    const [event] = await eventsOf(admin.organizationId, "time_log.created");
    const deliveries = await deliveriesOf(event!.id);
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual([subscribed.id, both.id].sort());
    expect(new Set(deliveries.map((delivery) => delivery.id)).size).toBe(2);
    expect(deliveries.every((delivery) => delivery.status === "pending" && delivery.organizationId === admin.organizationId)).toBe(true);
    expect(await eventsOf(other.organizationId, "time_log.created")).toEqual([]);
  });
});
