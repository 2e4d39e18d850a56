// Editing, deleting and continuing time logs (app-api section 11): who may change which log, the
// invoice lock, recomputed durations, soft deletion leaving every read, and no events for either.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addMember, apiClient, createApiKey, insertCustomer, insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

interface Entry {
  startedAt?: string;
  durationSeconds?: number;
  [field: string]: unknown;
}

/** Commits one log through the sync route, as the web app's Add time does. */
async function logTime(user: SignedInUser, entry: Entry = {}) {
  const response = await user.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: randomUUID(), startedAt: "2026-03-02T09:00:00.000Z", durationSeconds: 3600, source: "manual", ...entry }],
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed[0];
}

const storedLog = async (id: string) => (await getDb()).timeLog.findUniqueOrThrow({ where: { id } });
const eventCount = async (organizationId: string) => (await getDb()).webhookEvent.count({ where: { organizationId } });

async function billableCustomer(admin: SignedInUser) {
  return insertCustomer(admin.organizationId, { hourlyRateCents: 10_000 });
}

async function invoice(admin: SignedInUser, customerId: string) {
  const response = await admin.client.post("/api/app/invoices", { customerId, periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; number: string; lineItems: { timeLogId: string }[] };
}

describe("PATCH /api/app/time-logs/:id", () => {
  it("changes the fields given, keeps the others and moves updatedAt", async () => {
    const admin = await signUpOrganization();
    const log = await logTime(admin, { description: "Draft", tags: ["a"], endedAt: "2026-03-02T10:00:00.000Z" });
    const response = await admin.client.patch(`/api/app/time-logs/${log.id}`, { description: "Final", isBillable: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ ...log, description: "Final", isBillable: false, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(Date.parse(response.body.data.updatedAt)).toBeGreaterThan(Date.parse(log.updatedAt));
  });

  it("recomputes the duration from a new start or end, and moves the end with a new duration", async () => {
    const admin = await signUpOrganization();
    const log = await logTime(admin, { endedAt: "2026-03-02T10:00:00.000Z" });
    const moved = await admin.client.patch(`/api/app/time-logs/${log.id}`, { endedAt: "2026-03-02T11:30:00.000Z" });
    expect(moved.body.data).toMatchObject({ startedAt: "2026-03-02T09:00:00.000Z", endedAt: "2026-03-02T11:30:00.000Z", durationSeconds: 9000 });
    const later = await admin.client.patch(`/api/app/time-logs/${log.id}`, { startedAt: "2026-03-02T11:00:00.000Z" });
    expect(later.body.data).toMatchObject({ durationSeconds: 1800 });
    const longer = await admin.client.patch(`/api/app/time-logs/${log.id}`, { durationSeconds: 3600 });
    expect(longer.body.data).toMatchObject({ startedAt: "2026-03-02T11:00:00.000Z", endedAt: "2026-03-02T12:00:00.000Z", durationSeconds: 3600 });
  });

  it("answers 400 on endedAt for an end before the start or over 12 hours, and on durationSeconds out of range, changing nothing", async () => {
    const admin = await signUpOrganization();
    const log = await logTime(admin, { endedAt: "2026-03-02T10:00:00.000Z" });
    const before = await storedLog(log.id);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ endedAt: "2026-03-02T08:00:00.000Z" }, "endedAt", "End must be after start"],
      [{ startedAt: "2026-03-02T10:30:00.000Z" }, "endedAt", "End must be after start"],
      [{ endedAt: "2026-03-02T21:00:01.000Z" }, "endedAt"],
      [{ durationSeconds: 43_201 }, "durationSeconds"],
      [{ durationSeconds: -1 }, "durationSeconds"],
      [{ startedAt: "2026-03-02" }, "startedAt"],
      [{ taskId: "no-such-task" }, "taskId"],
      [{ constellationId: "no-such-project" }, "constellationId"],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.client.patch(`/api/app/time-logs/${log.id}`, body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field, JSON.stringify(body)).toBe(field);
      if (message) expect(response.body.details[0].message).toBe(message);
      expect(response.body.details[0].message).not.toMatch(/constellation/i);
    }
    expect(await storedLog(log.id)).toEqual(before);
  });

  it("lets an admin change anyone's log in the organization and a member only their own (404 otherwise)", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const otherMember = await addMember(admin);
    const stranger = await signUpOrganization();
    const memberLog = await logTime(member);
    const adminLog = await logTime(admin);

    expect((await admin.client.patch(`/api/app/time-logs/${memberLog.id}`, { description: "by admin" })).status).toBe(200);
    expect((await member.client.patch(`/api/app/time-logs/${memberLog.id}`, { description: "by me" })).status).toBe(200);
    for (const [user, id] of [
      [member, adminLog.id],
      [otherMember, memberLog.id],
      [stranger, memberLog.id],
      [admin, "no-such-log"],
    ] as const) {
      expectErrorEnvelope(await user.client.patch(`/api/app/time-logs/${id}`, { description: "nope" }), 404, "not_found");
      expectErrorEnvelope(await user.client.delete(`/api/app/time-logs/${id}`), 404, "not_found");
      expectErrorEnvelope(await user.client.post(`/api/app/time-logs/${id}/continue`), 404, "not_found");
    }
    expect((await storedLog(memberLog.id)).description).toBe("by me");
    expect((await storedLog(adminLog.id)).deletedAt).toBeNull();
  });

  it("locks a log billed by an invoice that is not void (409 naming the invoice) and frees it when the invoice is voided", async () => {
    const admin = await signUpOrganization();
    const customer = await billableCustomer(admin);
    const log = await logTime(admin, { customerId: customer.id });
    const billed = await invoice(admin, customer.id);
    expect(billed.lineItems.map((line) => line.timeLogId)).toEqual([log.id]);

    for (const status of ["draft", "issued"]) {
      if (status === "issued") expect((await admin.client.post(`/api/app/invoices/${billed.id}/issue`)).status).toBe(200);
      const edit = await admin.client.patch(`/api/app/time-logs/${log.id}`, { description: "changed" });
      expectErrorEnvelope(edit, 409, "conflict");
      expect(edit.body.message).toContain(billed.number);
      expectErrorEnvelope(await admin.client.delete(`/api/app/time-logs/${log.id}`), 409, "conflict");
    }
    expect((await storedLog(log.id)).description).toBeNull();

    expect((await admin.client.post(`/api/app/invoices/${billed.id}/void`)).status).toBe(200);
    expect((await admin.client.patch(`/api/app/time-logs/${log.id}`, { description: "changed" })).status).toBe(200);
    expect((await admin.client.delete(`/api/app/time-logs/${log.id}`)).status).toBe(200);
  });

  it("never changes a log while an invoice bills it: an edit racing an invoice is refused or billed as edited", async () => {
    const admin = await signUpOrganization();
    const customer = await billableCustomer(admin);
    const logs = await Promise.all(Array.from({ length: 4 }, (_, index) => logTime(admin, { customerId: customer.id, startedAt: `2026-03-0${index + 2}T09:00:00.000Z` })));
    const [created, ...edits] = await Promise.all([
      admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" }),
      ...logs.map((log) => admin.client.patch(`/api/app/time-logs/${log.id}`, { durationSeconds: 60 })),
    ]);
    expect(created!.status, created!.text).toBe(201);
    const billed = new Map<string, number>(created!.body.data.lineItems.map((line: { timeLogId: string; seconds: number }) => [line.timeLogId, line.seconds]));
    for (const [index, edit] of edits.entries()) {
      const stored = await storedLog(logs[index]!.id);
      if (edit.status === 409) expect(stored.durationSeconds).toBe(3600);
      else expect(edit.status, edit.text).toBe(200);
      expect(billed.get(stored.id)).toBe(stored.durationSeconds);
    }
  });

  it("keeps the task's logged seconds in step with edits and deletes, and emits no event for either", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId);
    const other = await insertTask(admin.organizationId, { title: "Other" });
    const log = await logTime(admin, { taskId: task.id, durationSeconds: 3600 });
    const events = await eventCount(admin.organizationId);
    expect(events).toBe(1);

    await admin.client.patch(`/api/app/time-logs/${log.id}`, { durationSeconds: 1800 });
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(1800);
    await admin.client.patch(`/api/app/time-logs/${log.id}`, { taskId: other.id, isBillable: false });
    const [before, after] = await Promise.all([task, other].map(({ id }) => getDb().then((db) => db.task.findUniqueOrThrow({ where: { id } }))));
    expect([before!.loggedSeconds, before!.billableSeconds, after!.loggedSeconds, after!.billableSeconds]).toEqual([0, 0, 1800, 0]);
    await admin.client.delete(`/api/app/time-logs/${log.id}`);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: other.id } })).loggedSeconds).toBe(0);
    expect(await eventCount(admin.organizationId)).toBe(events);
  });
});

describe("DELETE /api/app/time-logs/:id", () => {
  it("answers { success, id } and leaves the log out of every read; a replay of its sync entry stays a duplicate", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const api = apiClient((await createApiKey(admin, ["time-logs:read"])).key);
    const customer = await billableCustomer(admin);
    const clientSessionId = randomUUID();
    const kept = await logTime(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00.000Z" });
    const gone = await logTime(admin, { customerId: customer.id, clientSessionId });

    const response = await admin.client.delete(`/api/app/time-logs/${gone.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ success: true, id: gone.id });
    expect((await storedLog(gone.id)).deletedAt).toBeInstanceOf(Date);
    expectErrorEnvelope(await admin.client.delete(`/api/app/time-logs/${gone.id}`), 404, "not_found");
    expectErrorEnvelope(await admin.client.patch(`/api/app/time-logs/${gone.id}`, { description: "x" }), 404, "not_found");

    const ids = (items: { id: string }[]) => items.map((item) => item.id);
    expect(ids((await api.get("/api/v1/time-logs")).body.data)).toEqual([kept.id]);
    expect(ids((await api.get(`/api/v1/time-logs?customerId=${customer.id}`)).body.data)).toEqual([kept.id]);
    const range = "from=2026-03-01T00:00:00.000Z&to=2026-04-01T00:00:00.000Z";
    const hours = await admin.client.get(`/api/app/reports/hours?${range}`);
    expect(hours.body.data.totals).toEqual({ billableSeconds: 3600, nonBillableSeconds: 0 });
    const report = await admin.client.get(`/api/app/reports/time?${range}&groupBy=day`);
    expect(report.body.data.totals).toEqual({ seconds: 3600, billableSeconds: 3600, billedSeconds: 3600, amounts: [{ currency: "USD", amountCents: 10_000, taxCents: 0 }], costCents: 0, marginCents: 10_000 });
    expect(report.body.data.groups.map((group: { key: string }) => group.key)).toEqual(["2026-03-03"]);
    expect(ids((await admin.client.get(`/api/app/reports/time/logs?${range}`)).body.data)).toEqual([kept.id]);
    const csv = await admin.client.get(`/api/app/reports/time?${range}&groupBy=day&format=csv`);
    expect(csv.text.trim().split("\n")).toHaveLength(2);
    const sheet = await admin.client.get("/api/app/timesheet?week=2026-03-02");
    expect(sheet.body.data.totals).toEqual([0, 3600, 0, 0, 0, 0, 0]);
    const work = await admin.client.get(`/api/app/customers/${customer.id}/work`);
    expect(work.body.data.totals.allTime).toMatchObject({ seconds: 3600 });
    const preview = await admin.client.post("/api/app/invoices/preview", { customerId: customer.id, periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" });
    expect(preview.body.data.lineItems.map((line: { timeLogId: string }) => line.timeLogId)).toEqual([kept.id]);
    expect((await invoice(admin, customer.id)).lineItems.map((line) => line.timeLogId)).toEqual([kept.id]);

    const replay = await admin.client.post("/api/app/time-logs/sync", {
      entries: [{ clientSessionId, startedAt: "2026-03-02T09:00:00.000Z", durationSeconds: 3600 }],
    });
    expect(replay.body.data).toEqual({ committed: [], duplicates: [clientSessionId] });
  });

  it("leaves the calendar feed", async () => {
    const admin = await signUpOrganization();
    const now = Date.now();
    const kept = await logTime(admin, { startedAt: new Date(now - 3 * 3600_000).toISOString(), description: "Kept entry" });
    const gone = await logTime(admin, { startedAt: new Date(now - 2 * 3600_000).toISOString(), description: "Gone entry" });
    const url = (await admin.client.post("/api/app/calendar-feed")).body.data.url as string;
    expect((await admin.client.delete(`/api/app/time-logs/${gone.id}`)).status).toBe(200);
    const feed = await admin.client.get(new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain(`${kept.id}@orbit`);
    expect(feed.text).not.toContain(gone.id);
  });
});

describe("POST /api/app/time-logs/:id/continue", () => {
  it("starts a timer now with the log's details, and answers 409 while a timer runs", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId);
    const task = await insertTask(admin.organizationId);
    const log = await logTime(member, { taskId: task.id, customerId: customer.id, description: "Pairing", tags: ["x"], isBillable: false });
    const before = Date.now();
    const response = await member.client.post(`/api/app/time-logs/${log.id}/continue`);
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.any(String),
      taskId: task.id,
      customerId: customer.id,
      constellationId: null,
      description: "Pairing",
      tags: ["x"],
      isBillable: false,
      startedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(Date.parse(response.body.data.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expectErrorEnvelope(await member.client.post(`/api/app/time-logs/${log.id}/continue`), 409, "conflict");
    // An admin continues a member's entry on their own timer.
    expect((await admin.client.post(`/api/app/time-logs/${log.id}/continue`)).status).toBe(201);
  });
});

describe("a project on every log", () => {
  async function setup() {
    const admin = await signUpOrganization({ plan: "pro" });
    const db = await getDb();
    const projectCustomer = await insertCustomer(admin.organizationId, { name: "Project customer" });
    const taskCustomer = await insertCustomer(admin.organizationId, { name: "Task customer" });
    const project = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: projectCustomer.id } });
    const bare = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Internal" } });
    const task = await insertTask(admin.organizationId, { customerId: taskCustomer.id, primaryConstellationId: project.id });
    const bareTask = await insertTask(admin.organizationId, { customerId: taskCustomer.id, primaryConstellationId: bare.id });
    return { admin, project, bare, task, bareTask, projectCustomer, taskCustomer };
  }

  it("defaults an omitted project to the task's primary project and an omitted customer to the project's, else the task's", async () => {
    const { admin, project, bare, task, bareTask, projectCustomer, taskCustomer } = await setup();
    expect(await logTime(admin, { taskId: task.id })).toMatchObject({ constellationId: project.id, customerId: projectCustomer.id });
    expect(await logTime(admin, { taskId: bareTask.id })).toMatchObject({ constellationId: bare.id, customerId: taskCustomer.id });
    expect(await logTime(admin, { constellationId: project.id })).toMatchObject({ taskId: null, constellationId: project.id, customerId: projectCustomer.id });
    const timer = await admin.client.post("/api/app/timers/start", { taskId: task.id });
    expect(timer.body.data).toMatchObject({ constellationId: project.id, customerId: projectCustomer.id });
  });

  it("takes an explicit null as none", async () => {
    const { admin, task, taskCustomer } = await setup();
    expect(await logTime(admin, { taskId: task.id, constellationId: null })).toMatchObject({ constellationId: null, customerId: taskCustomer.id });
    expect(await logTime(admin, { taskId: task.id, constellationId: null, customerId: null })).toMatchObject({ constellationId: null, customerId: null });
    const timer = await admin.client.post("/api/app/timers/start", { taskId: task.id, constellationId: null, customerId: null });
    expect(timer.body.data).toMatchObject({ constellationId: null, customerId: null });
  });

  it("re-derives an omitted project and customer when an edit changes the task, and keeps them otherwise", async () => {
    const { admin, project, bare, task, bareTask, projectCustomer, taskCustomer } = await setup();
    const log = await logTime(admin, { taskId: bareTask.id });
    const moved = await admin.client.patch(`/api/app/time-logs/${log.id}`, { taskId: task.id });
    expect(moved.body.data).toMatchObject({ taskId: task.id, constellationId: project.id, customerId: projectCustomer.id });
    const described = await admin.client.patch(`/api/app/time-logs/${log.id}`, { description: "x" });
    expect(described.body.data).toMatchObject({ constellationId: project.id, customerId: projectCustomer.id });
    const reProjected = await admin.client.patch(`/api/app/time-logs/${log.id}`, { constellationId: bare.id, customerId: taskCustomer.id });
    expect(reProjected.body.data).toMatchObject({ taskId: task.id, constellationId: bare.id, customerId: taskCustomer.id });
  });

  it("refuses a project of another organization with 400 on its field, writing nothing", async () => {
    const { admin } = await setup();
    const stranger = await signUpOrganization();
    const foreign = await (await getDb()).constellation.create({ data: { organizationId: stranger.organizationId, title: "Theirs" } });
    const sync = await admin.client.post("/api/app/time-logs/sync", {
      entries: [{ clientSessionId: randomUUID(), startedAt: "2026-03-02T09:00:00.000Z", durationSeconds: 60, constellationId: foreign.id }],
    });
    expectErrorEnvelope(sync, 400, "validation_error");
    expect(sync.body.details).toEqual([{ field: "entries.0.constellationId", message: "no project with this id in your organization" }]);
    expectErrorEnvelope(await admin.client.post("/api/app/timers/start", { constellationId: foreign.id }), 400, "validation_error");
    expect(await (await getDb()).timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect((await admin.client.get("/api/app/timers/current")).body.data).toBeNull();
  });

  it("shows the project and updatedAt in /api/v1 time logs and filters by constellationId", async () => {
    const { admin, project, task } = await setup();
    const api = apiClient((await createApiKey(admin, ["time-logs:read"])).key);
    const filed = await logTime(admin, { taskId: task.id });
    await logTime(admin, {});
    const response = await api.get(`/api/v1/time-logs?constellationId=${project.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual([filed]);
    expect(response.body.data[0]).toMatchObject({ constellationId: project.id, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
  });
});
