// The timesheet (app-api section 11): a week by (task, customer, project) and day in the user's time zone
// from their week start, daylight-saving weeks included; setting a cell adds a manual log through the
// sync path (with its event) or shortens the row's newest unlocked logs, deleting those that reach 0.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import { eventsOf } from "../harness/outbox";
import { expectErrorEnvelope } from "../harness/assertions";

async function logAt(user: SignedInUser, startedAt: string, durationSeconds: number, entry: Record<string, unknown> = {}) {
  const response = await user.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: randomUUID(), startedAt, durationSeconds, source: "manual", customerId: null, ...entry }],
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed[0] as { id: string };
}

async function preferences(user: SignedInUser, body: Record<string, string>) {
  expect((await user.client.patch("/api/app/me/preferences", body)).status).toBe(200);
}

const timesheet = (user: SignedInUser, query: string) => user.client.get(`/api/app/timesheet?${query}`);
const setCell = (user: SignedInUser, body: Record<string, unknown>) => user.client.put("/api/app/timesheet/cells", body);
const stored = async (id: string) => (await getDb()).timeLog.findUniqueOrThrow({ where: { id } });
const week = (seconds: Record<number, number>) => Array.from({ length: 7 }, (_, index) => seconds[index] ?? 0);

describe("GET /api/app/timesheet", () => {
  it("groups a week by (task, customer, project) with labels, per-day seconds and totals", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId, { name: "Globex" });
    const task = await insertTask(admin.organizationId, { title: "Design review" });
    await logAt(admin, "2026-03-02T09:00:00.000Z", 3600, { taskId: task.id, customerId: customer.id });
    await logAt(admin, "2026-03-02T13:00:00.000Z", 1800, { taskId: task.id, customerId: customer.id });
    await logAt(admin, "2026-03-04T09:00:00.000Z", 600, { taskId: task.id });
    await logAt(admin, "2026-03-08T23:59:59.000Z", 60);
    await logAt(admin, "2026-03-09T00:00:00.000Z", 999); // the next week

    const response = await timesheet(admin, "week=2026-03-05");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({
      days: ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"],
      rows: [
        { taskId: task.id, customerId: null, constellationId: null, projectName: null, label: "Design review", seconds: week({ 2: 600 }), locked: week({}).map(() => false) },
        { taskId: task.id, customerId: customer.id, constellationId: null, projectName: null, label: "Design review · Globex", seconds: week({ 0: 5400 }), locked: Array(7).fill(false) },
        { taskId: null, customerId: null, constellationId: null, projectName: null, label: "No task", seconds: week({ 6: 60 }), locked: Array(7).fill(false) },
      ],
      totals: week({ 0: 5400, 2: 600, 6: 60 }),
    });
  });

  it("runs the days in Europe/Berlin across the spring change (a 23-hour Sunday)", async () => {
    const admin = await signUpOrganization();
    await preferences(admin, { timeZone: "Europe/Berlin" });
    await logAt(admin, "2026-03-22T22:59:00.000Z", 1); // Sunday 22 23:59 CET: the week before
    await logAt(admin, "2026-03-22T23:00:00.000Z", 2); // Monday 23 00:00 CET
    await logAt(admin, "2026-03-28T22:59:00.000Z", 4); // Saturday 28 23:59 CET
    await logAt(admin, "2026-03-28T23:00:00.000Z", 8); // Sunday 29 00:00 CET
    await logAt(admin, "2026-03-29T21:59:00.000Z", 16); // Sunday 29 23:59 CEST
    await logAt(admin, "2026-03-29T22:00:00.000Z", 32); // Monday 30 00:00 CEST: the week after
    const response = await timesheet(admin, "week=2026-03-29");
    expect(response.body.data.days).toEqual(["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"]);
    expect(response.body.data.totals).toEqual(week({ 0: 2, 5: 4, 6: 24 }));
  });

  it("runs the days in America/New_York across the autumn change (a 25-hour Sunday), weeks starting on Sunday", async () => {
    const admin = await signUpOrganization();
    await preferences(admin, { timeZone: "America/New_York", weekStart: "sunday" });
    await logAt(admin, "2026-11-01T03:59:00.000Z", 1); // Saturday Oct 31 23:59 EDT
    await logAt(admin, "2026-11-01T04:00:00.000Z", 2); // Sunday Nov 1 00:00 EDT
    await logAt(admin, "2026-11-02T04:59:00.000Z", 4); // Sunday Nov 1 23:59 EST
    await logAt(admin, "2026-11-02T05:00:00.000Z", 8); // Monday Nov 2 00:00 EST
    await logAt(admin, "2026-11-08T04:59:00.000Z", 16); // Saturday Nov 7 23:59 EST
    await logAt(admin, "2026-11-08T05:00:00.000Z", 32); // Sunday Nov 8: the week after
    const sunday = await timesheet(admin, "week=2026-11-04");
    expect(sunday.body.data.days).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(sunday.body.data.totals).toEqual(week({ 0: 6, 1: 8, 6: 16 }));

    await preferences(admin, { weekStart: "monday" });
    const monday = await timesheet(admin, "week=2026-11-01");
    expect(monday.body.data.days).toEqual(["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31", "2026-11-01"]);
    expect(monday.body.data.totals).toEqual(week({ 5: 1, 6: 6 }));
  });

  it("shows a member's week to an admin, and answers 403 to a member asking for another's", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await logAt(member, "2026-03-02T09:00:00.000Z", 3600);
    expect((await timesheet(admin, `week=2026-03-02&userId=${member.userId}`)).body.data.totals).toEqual(week({ 0: 3600 }));
    expect((await timesheet(admin, "week=2026-03-02")).body.data.rows).toEqual([]);
    expectErrorEnvelope(await timesheet(member, `week=2026-03-02&userId=${admin.userId}`), 403, "forbidden");
    expectErrorEnvelope(await timesheet(admin, "week=2026-02-30"), 400, "validation_error");
    expectErrorEnvelope(await timesheet(admin, "week=2026-03-02&userId=nobody"), 400, "validation_error");
  });
});

describe("a member's timesheet seen by an admin", () => {
  it("runs in the member's time zone from the member's week start, for reading and for setting a cell", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await preferences(member, { timeZone: "Asia/Tokyo", weekStart: "sunday" });
    // Saturday 2026-03-07 20:00 UTC is Sunday 2026-03-08 05:00 in Tokyo: the first day of the member's week.
    await logAt(member, "2026-03-07T20:00:00.000Z", 600);
    const expected = { days: ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"], totals: week({ 0: 600 }) };
    expect((await timesheet(member, "week=2026-03-10")).body.data).toMatchObject(expected);
    expect((await timesheet(admin, `week=2026-03-10&userId=${member.userId}`)).body.data).toMatchObject(expected);

    const set = await setCell(admin, { day: "2026-03-09", seconds: 60, userId: member.userId });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data.seconds).toEqual(week({ 0: 600, 1: 60 }));
    const added = await (await getDb()).timeLog.findFirstOrThrow({ where: { organizationId: admin.organizationId, durationSeconds: 60 } });
    expect(added).toMatchObject({ userId: member.userId, startedAt: new Date("2026-03-09T00:00:00.000Z") }); // Monday 09:00 in Tokyo, an empty day
  });
});

describe("PUT /api/app/timesheet/cells", () => {
  it("adds the difference as one manual log through sync (with its event), shortens the newest logs first and deletes those reaching 0", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId, { title: "Design review" });
    const row = { day: "2026-03-04", taskId: task.id, customerId: null };
    const morning = await logAt(admin, "2026-03-04T09:00:00.000Z", 3600, { taskId: task.id });
    const afternoon = await logAt(admin, "2026-03-04T14:00:00.000Z", 1800, { taskId: task.id });
    const other = await logAt(admin, "2026-03-04T16:00:00.000Z", 900); // another row: untouched

    const shorter = await setCell(admin, { ...row, seconds: 4000 });
    expect(shorter.status, shorter.text).toBe(200);
    expect(shorter.body.data).toEqual({ taskId: task.id, customerId: null, constellationId: null, projectName: null, label: "Design review", seconds: week({ 2: 4000 }), locked: Array(7).fill(false) });
    expect((await stored(afternoon.id)).durationSeconds).toBe(400);
    expect((await stored(afternoon.id)).endedAt).toEqual(new Date("2026-03-04T14:06:40.000Z"));
    expect((await stored(morning.id)).durationSeconds).toBe(3600);

    await setCell(admin, { ...row, seconds: 3000 });
    expect((await stored(afternoon.id)).deletedAt).toBeInstanceOf(Date);
    expect((await stored(morning.id)).durationSeconds).toBe(3000);

    const events = (await eventsOf(admin.organizationId, "time_log.created")).length;
    const added = await setCell(admin, { ...row, seconds: 5000 });
    expect(added.body.data.seconds).toEqual(week({ 2: 5000 }));
    const created = await (await getDb()).timeLog.findMany({ where: { organizationId: admin.organizationId, deletedAt: null, source: "manual", clientSessionId: { startsWith: "timesheet:" } } });
    expect(created).toHaveLength(1);
    // Placed after the day's last entry (the other row's, 16:00-16:15), described by the row's task.
    expect(created[0]).toMatchObject({ userId: admin.userId, taskId: task.id, customerId: null, durationSeconds: 2000, startedAt: new Date("2026-03-04T16:15:00.000Z"), description: "Design review" });
    const newEvents = (await eventsOf(admin.organizationId, "time_log.created")).slice(events);
    expect(newEvents.map((event) => [event.data.timeLog.id, event.data.source])).toEqual([[created[0]!.id, "offline_sync"]]);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).loggedSeconds).toBe(5000);

    const cleared = await setCell(admin, { ...row, seconds: 0 });
    expect(cleared.body.data).toEqual({ taskId: task.id, customerId: null, constellationId: null, projectName: null, label: "Design review", seconds: week({}), locked: Array(7).fill(false) });
    expect(await (await getDb()).timeLog.count({ where: { organizationId: admin.organizationId, deletedAt: null } })).toBe(1);
    expect((await stored(other.id)).durationSeconds).toBe(900);
    // Shortening and deleting emitted nothing.
    expect((await eventsOf(admin.organizationId, "time_log.created")).length).toBe(events + 1);
  });

  it("answers 409 when the change would need a locked log, changing nothing, and marks the locked day", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId, { hourlyRateCents: 10_000 });
    const billed = await logAt(admin, "2026-03-05T09:00:00.000Z", 3600, { customerId: customer.id });
    const created = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" });
    expect(created.status, created.text).toBe(201);
    const later = await logAt(admin, "2026-03-05T10:00:00.000Z", 1800, { customerId: customer.id });
    const row = { day: "2026-03-05", customerId: customer.id };

    const shortened = await setCell(admin, { ...row, seconds: 3600 });
    expect(shortened.status, shortened.text).toBe(200);
    expect(shortened.body.data.locked).toEqual(week({}).map((_, index) => index === 3));
    expect((await stored(later.id)).deletedAt).toBeInstanceOf(Date);

    const refused = await setCell(admin, { ...row, seconds: 1000 });
    expectErrorEnvelope(refused, 409, "conflict");
    expect(refused.body.message).toContain(created.body.data.number);
    expect((await stored(billed.id)).durationSeconds).toBe(3600);
    expect((await setCell(admin, { ...row, seconds: 4000 })).body.data.seconds).toEqual(week({ 3: 4000 }));
  });

  it("lets an admin set a member's cell (the log is the member's), and answers 403 to a member passing another's userId", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const response = await setCell(admin, { day: "2026-03-02", seconds: 1800, userId: member.userId });
    expect(response.status, response.text).toBe(200);
    expect(await (await getDb()).timeLog.findMany({ where: { organizationId: admin.organizationId }, select: { userId: true } })).toEqual([{ userId: member.userId }]);
    expectErrorEnvelope(await setCell(member, { day: "2026-03-02", seconds: 60, userId: admin.userId }), 403, "forbidden");
  });

  it("places added time after the person's last entry of the day, or at 09:00 in their zone, described by the row's task, else its customer", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await preferences(member, { timeZone: "Europe/Berlin" });
    const task = await insertTask(admin.organizationId, { title: "Design review" });
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const added = async () =>
      (await (await getDb()).timeLog.findMany({ where: { organizationId: admin.organizationId, deletedAt: null }, orderBy: { startedAt: "asc" } })).map((log) => [
        log.startedAt.toISOString(),
        log.endedAt!.toISOString(),
        log.description,
      ]);

    // An empty Tuesday in Berlin (winter time, UTC+1): from 09:00.
    expect((await setCell(member, { day: "2026-03-10", taskId: task.id, customerId: null, seconds: 3600 })).status).toBe(200);
    // Another row the same day: right after it, described by its customer.
    expect((await setCell(member, { day: "2026-03-10", customerId: globex.id, seconds: 1800 })).status).toBe(200);
    // More on the first row: after the day's last entry, not on top of the first.
    expect((await setCell(member, { day: "2026-03-10", taskId: task.id, customerId: null, seconds: 4500 })).status).toBe(200);
    expect(await added()).toEqual([
      ["2026-03-10T08:00:00.000Z", "2026-03-10T09:00:00.000Z", "Design review"],
      ["2026-03-10T09:00:00.000Z", "2026-03-10T09:30:00.000Z", "Globex"],
      ["2026-03-10T09:30:00.000Z", "2026-03-10T09:45:00.000Z", "Design review"],
    ]);

    // A day whose entries run to 23:30: two more hours end with the day, still on it.
    await logAt(member, "2026-03-11T21:00:00.000Z", 1800, { description: "Late call" }); // 22:00-22:30 Berlin
    await logAt(member, "2026-03-11T21:30:00.000Z", 1800, { description: "Later call" }); // 22:30-23:00
    await logAt(member, "2026-03-11T22:00:00.000Z", 1800, { description: "Latest call" }); // 23:00-23:30
    expect((await setCell(member, { day: "2026-03-11", customerId: globex.id, seconds: 7200 })).body.data.seconds).toEqual(week({ 1: 1800, 2: 7200 }));
    expect(await added()).toContainEqual(["2026-03-11T21:00:00.000Z", "2026-03-11T23:00:00.000Z", "Globex"]);
    const sheet = (await timesheet(member, "week=2026-03-11")).body.data;
    expect(sheet.totals).toEqual(week({ 1: 3600 + 1800 + 900, 2: 7200 + 5400 }));
  });

  it("splits more than 12 hours into logs of at most 12 hours, one after the other, all inside the day", async () => {
    const admin = await signUpOrganization();
    const response = await setCell(admin, { day: "2026-03-02", seconds: 86_400 });
    expect(response.body.data.seconds).toEqual(week({ 0: 86_400 }));
    const logs = await (await getDb()).timeLog.findMany({ where: { organizationId: admin.organizationId }, orderBy: { startedAt: "asc" } });
    expect(logs.map((log) => [log.startedAt.toISOString(), log.durationSeconds])).toEqual([
      ["2026-03-02T00:00:00.000Z", 43_200],
      ["2026-03-02T12:00:00.000Z", 43_200],
    ]);
  });

  it("keeps a row per project: a cell given a project saves its logs with that project, and shortens only that project's logs", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const initech = await insertCustomer(admin.organizationId, { name: "Initech" });
    const relaunch = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: globex.id } });
    const support = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Support" } });
    const task = await insertTask(admin.organizationId, { title: "Design review", primaryConstellationId: relaunch.id });
    const day = "2026-03-04";

    // Only the project given: the customer is the project's.
    const relaunchRow = await setCell(admin, { day, taskId: task.id, constellationId: relaunch.id, seconds: 3600 });
    expect(relaunchRow.status, relaunchRow.text).toBe(200);
    expect(relaunchRow.body.data).toMatchObject({ taskId: task.id, customerId: globex.id, constellationId: relaunch.id, projectName: "Relaunch", label: "Design review · Globex", seconds: week({ 2: 3600 }) });
    // The same task and customer under another project is another row.
    const supportRow = await setCell(admin, { day, taskId: task.id, customerId: globex.id, constellationId: support.id, seconds: 1800 });
    expect(supportRow.body.data).toMatchObject({ customerId: globex.id, constellationId: support.id, projectName: "Support", seconds: week({ 2: 1800 }) });
    // Nothing but the task: its primary project and that project's customer, so the first row again.
    const derived = await setCell(admin, { day, taskId: task.id, seconds: 4000 });
    expect(derived.body.data).toMatchObject({ customerId: globex.id, constellationId: relaunch.id, seconds: week({ 2: 4000 }) });
    // An explicit null is no project; the customer given is kept.
    const bare = await setCell(admin, { day, taskId: task.id, customerId: initech.id, constellationId: null, seconds: 600 });
    expect(bare.body.data).toMatchObject({ customerId: initech.id, constellationId: null, projectName: null, label: "Design review · Initech" });

    const logs = await db.timeLog.findMany({ where: { organizationId: admin.organizationId, deletedAt: null }, orderBy: { createdAt: "asc" } });
    expect(logs.map((log) => [log.constellationId, log.customerId, log.durationSeconds]).sort()).toEqual(
      [
        [relaunch.id, globex.id, 3600],
        [support.id, globex.id, 1800],
        [relaunch.id, globex.id, 400],
        [null, initech.id, 600],
      ].sort(),
    );

    const shortened = await setCell(admin, { day, taskId: task.id, customerId: globex.id, constellationId: support.id, seconds: 0 });
    expect(shortened.body.data.seconds).toEqual(week({}));
    expect(await db.timeLog.count({ where: { organizationId: admin.organizationId, deletedAt: null, constellationId: relaunch.id } })).toBe(2);

    // Two rows of one task and customer: each label names its project.
    await setCell(admin, { day, taskId: task.id, customerId: globex.id, constellationId: null, seconds: 300 });
    const sheet = await timesheet(admin, `week=${day}`);
    expect(sheet.body.data.rows.map((row: { label: string }) => row.label)).toEqual(["Design review · Globex · no project", "Design review · Globex · Relaunch", "Design review · Initech"]);
    expect(sheet.body.data.totals).toEqual(week({ 2: 4000 + 600 + 300 }));
  });

  it("answers 400 on the field for bad input and writes nothing", async () => {
    const admin = await signUpOrganization();
    const stranger = await signUpOrganization();
    const foreign = await insertTask(stranger.organizationId);
    const foreignProject = await (await getDb()).constellation.create({ data: { organizationId: stranger.organizationId, title: "Theirs" } });
    for (const [body, field] of [
      [{ day: "2026-03-02", seconds: 86_401 }, "seconds"],
      [{ day: "2026-03-02", seconds: -1 }, "seconds"],
      [{ day: "2026-03-02", seconds: 1.5 }, "seconds"],
      [{ day: "2026-03-02", seconds: "60" }, "seconds"],
      [{ day: "2026-02-30", seconds: 60 }, "day"],
      [{ day: "2026-03-02T00:00:00Z", seconds: 60 }, "day"],
      [{ day: "2026-03-02", seconds: 60, taskId: foreign.id }, "taskId"],
      [{ day: "2026-03-02", seconds: 60, constellationId: foreignProject.id }, "constellationId"],
      [{ day: "2026-03-02", seconds: 60, customerId: null, constellationId: "no-such-project" }, "constellationId"],
    ] as const) {
      const response = await setCell(admin, body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect(await (await getDb()).timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });
});
