// The running timer beyond start and stop (app-api section 11): the click's own instants sent later by
// an offline client, PATCH of the running timer, and DELETE discarding it without a log or an event.
import { describe, expect, it } from "vitest";
import { insertCustomer, insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import { eventsOf } from "../harness/outbox";
import { expectErrorEnvelope } from "../harness/assertions";

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const current = async (user: SignedInUser) => (await user.client.get("/api/app/timers/current")).body.data;
const logCount = async (user: SignedInUser) => (await getDb()).timeLog.count({ where: { organizationId: user.organizationId } });

describe("offline-safe start and stop", () => {
  it("starts at the click's startedAt and stops at its stoppedAt, the duration between them", async () => {
    const admin = await signUpOrganization();
    const startedAt = ago(7200);
    const started = await admin.client.post("/api/app/timers/start", { startedAt });
    expect(started.status, started.text).toBe(201);
    expect(started.body.data.startedAt).toBe(startedAt);
    const stoppedAt = ago(3600);
    const stopped = await admin.client.post("/api/app/timers/stop", { stoppedAt });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body.data).toMatchObject({ startedAt, endedAt: stoppedAt, durationSeconds: 3600, source: "timer" });
    const events = await eventsOf(admin.organizationId, "time_log.created");
    expect(events.map((event) => [event.data.source, event.data.timeLog.stoppedAt])).toEqual([["timer_stop", stoppedAt]]);
  });

  it("refuses a start in the future or more than 12 hours ago with 400 on startedAt, starting nothing", async () => {
    const admin = await signUpOrganization();
    for (const startedAt of [ago(-3600), ago(12 * 3600 + 60), "2026-03-02"]) {
      const response = await admin.client.post("/api/app/timers/start", { startedAt });
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe("startedAt");
    }
    expect(await current(admin)).toBeNull();
  });

  it("takes a start a few seconds ahead (clock skew) as now", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post("/api/app/timers/start", { startedAt: ago(-20) });
    expect(response.status, response.text).toBe(201);
    expect(Date.parse(response.body.data.startedAt)).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a stop before the start, in the future or more than 12 hours ago with 400 on stoppedAt, leaving the timer running", async () => {
    const admin = await signUpOrganization();
    const timer = (await admin.client.post("/api/app/timers/start", { startedAt: ago(600) })).body.data;
    for (const stoppedAt of [ago(1200), ago(-3600), ago(13 * 3600)]) {
      const response = await admin.client.post("/api/app/timers/stop", { stoppedAt });
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe("stoppedAt");
    }
    expect(await current(admin)).toEqual(timer);
    expect(await logCount(admin)).toBe(0);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toEqual([]);
  });

  it("answers a stop sent again with its clientSessionId with the log it made, stopping no later timer and emitting once", async () => {
    const admin = await signUpOrganization();
    await admin.client.post("/api/app/timers/start", { startedAt: ago(1800) });
    const stop = { stoppedAt: ago(600), clientSessionId: "stop-1" };
    const first = await admin.client.post("/api/app/timers/stop", stop);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ endedAt: stop.stoppedAt, durationSeconds: 1200 });

    // A timer started since is not stopped by the replay.
    const later = (await admin.client.post("/api/app/timers/start", { startedAt: ago(60) })).body.data;
    const replay = await admin.client.post("/api/app/timers/stop", stop);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(await current(admin)).toEqual(later);
    expect(await logCount(admin)).toBe(1);
    expect(await eventsOf(admin.organizationId, "time_log.created")).toHaveLength(1);

    // Another user's key is not theirs to answer with.
    const stranger = await signUpOrganization();
    expectErrorEnvelope(await stranger.client.post("/api/app/timers/stop", stop), 409, "conflict");
  });
});

describe("PATCH /api/app/timers/current", () => {
  it("changes the running timer; a new task brings its project and customer; omitted fields stay", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId);
    const project = await (await getDb()).constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: customer.id } });
    const task = await insertTask(admin.organizationId, { primaryConstellationId: project.id });
    const timer = (await admin.client.post("/api/app/timers/start", { description: "Draft", tags: ["a"] })).body.data;
    const startedAt = ago(1800);
    const response = await admin.client.patch("/api/app/timers/current", { taskId: task.id, startedAt, isBillable: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ ...timer, taskId: task.id, constellationId: project.id, customerId: customer.id, startedAt, isBillable: false });
    const cleared = await admin.client.patch("/api/app/timers/current", { customerId: null, description: "" });
    expect(cleared.body.data).toMatchObject({ taskId: task.id, constellationId: project.id, customerId: null, description: null, tags: ["a"] });
  });

  it("answers 400 on the field for a bad start or a foreign id, changing nothing, and 409 without a timer", async () => {
    const admin = await signUpOrganization();
    const stranger = await signUpOrganization();
    const foreign = await insertTask(stranger.organizationId);
    expectErrorEnvelope(await admin.client.patch("/api/app/timers/current", { description: "x" }), 409, "conflict");
    const timer = (await admin.client.post("/api/app/timers/start", {})).body.data;
    for (const [body, field] of [
      [{ startedAt: ago(-3600), description: "x" }, "startedAt"],
      [{ startedAt: ago(13 * 3600) }, "startedAt"],
      [{ taskId: foreign.id, description: "x" }, "taskId"],
      [{ tags: "x" }, "tags"],
    ] as const) {
      const response = await admin.client.patch("/api/app/timers/current", body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(field);
    }
    expect(await current(admin)).toEqual(timer);
  });
});

describe("DELETE /api/app/timers/current", () => {
  it("discards the running timer: no log, no event; without a timer it is a 409", async () => {
    const admin = await signUpOrganization();
    await admin.client.post("/api/app/timers/start", { description: "Oops" });
    const response = await admin.client.delete("/api/app/timers/current");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ success: true });
    expect(await current(admin)).toBeNull();
    expect(await logCount(admin)).toBe(0);
    expect(await (await getDb()).webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expectErrorEnvelope(await admin.client.delete("/api/app/timers/current"), 409, "conflict");
    expect((await admin.client.post("/api/app/timers/start", {})).status).toBe(201);
  });
});
