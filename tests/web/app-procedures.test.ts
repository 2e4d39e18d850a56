// The web app's own procedures, through the real /api/trpc route with a session cookie: the week's
// time-log list and totals (member scoping, filters, keyset pages), task checklists and comment
// authors, the members list. Every read stays inside the caller's organization.
import { randomUUID } from "node:crypto";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { insertCustomer, insertTask, PASSWORD, uniqueEmail } from "../harness/factories";
import { describeError } from "@/trpc/errors";
import { openBrowser, type Browser } from "../harness/web-client";
import { getDb } from "@/server/db";

async function signUp(name = "Ada Admin") {
  const browser = openBrowser();
  const account = await browser.api.auth.signUp.mutate({ email: uniqueEmail("app"), password: PASSWORD, name, organizationName: "App Co" });
  return { browser, account };
}

async function addMember(admin: Browser, name = "Max Member") {
  const email = uniqueEmail("member");
  await admin.api.organization.addMember.mutate({ email, password: PASSWORD, name, role: "member" });
  const browser = openBrowser();
  const account = await browser.api.auth.logIn.mutate({ email, password: PASSWORD });
  return { browser, account };
}

async function log(browser: Browser, entries: { startedAt: string; durationSeconds: number; isBillable?: boolean; taskId?: string; customerId?: string; description?: string }[]) {
  return browser.api.timeLogs.sync.mutate({ entries: entries.map((entry) => ({ clientSessionId: randomUUID(), source: "manual" as const, ...entry })) });
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return describeError(error);
}

const WEEK = { from: "2026-03-02T00:00:00.000Z", to: "2026-03-09T00:00:00.000Z" };

describe("timeLogs.listWithNames", () => {
  it("shows a member their own logs only, and refuses another member's", async () => {
    const admin = await signUp();
    const member = await addMember(admin.browser);
    await log(admin.browser, [{ startedAt: "2026-03-02T09:00:00Z", durationSeconds: 600, description: "admin's" }]);
    await log(member.browser, [{ startedAt: "2026-03-03T09:00:00Z", durationSeconds: 900, description: "member's" }]);

    const own = await member.browser.api.timeLogs.listWithNames.query({ ...WEEK });
    expect(own.items.map((item) => item.description)).toEqual(["member's"]);
    expect(own.items[0]).toMatchObject({ userId: member.account.user.id, userName: "Max Member", taskTitle: null, customerName: null });

    const refused = await failure(member.browser.api.timeLogs.listWithNames.query({ ...WEEK, userId: admin.account.user.id }));
    expect(refused.code).toBe("forbidden");
    expect(refused.details).toEqual([{ field: "userId", message: expect.any(String) }]);

    const everyone = await admin.browser.api.timeLogs.listWithNames.query({ ...WEEK });
    expect(everyone.items.map((item) => item.description)).toEqual(["member's", "admin's"]);
    const one = await admin.browser.api.timeLogs.listWithNames.query({ ...WEEK, userId: member.account.user.id });
    expect(one.items.map((item) => item.description)).toEqual(["member's"]);
  });

  it("filters by range [from, to), customer, project and billable, with names to show", async () => {
    const { browser, account } = await signUp();
    const organizationId = account.organization.id;
    const customer = await insertCustomer(organizationId, { name: "Globex" });
    const project = await (await getDb()).constellation.create({ data: { organizationId, title: "Launch" } });
    const filed = await insertTask(organizationId, { title: "Filed task", primaryConstellationId: project.id });
    const loose = await insertTask(organizationId, { title: "Loose task" });
    await log(browser, [
      { startedAt: "2026-03-02T00:00:00Z", durationSeconds: 60, taskId: filed.id, customerId: customer.id, description: "first instant" },
      { startedAt: "2026-03-04T12:00:00Z", durationSeconds: 120, taskId: loose.id, isBillable: false, description: "loose" },
      { startedAt: "2026-03-09T00:00:00Z", durationSeconds: 180, description: "next week" },
    ]);
    const week = await browser.api.timeLogs.listWithNames.query({ ...WEEK });
    expect(week.items.map((item) => item.description)).toEqual(["loose", "first instant"]);
    expect(week.items[1]).toMatchObject({ taskTitle: "Filed task", customerName: "Globex", projectName: "Launch", isBillable: true });

    const byCustomer = await browser.api.timeLogs.listWithNames.query({ ...WEEK, customerId: customer.id });
    expect(byCustomer.items.map((item) => item.description)).toEqual(["first instant"]);
    const byProject = await browser.api.timeLogs.listWithNames.query({ ...WEEK, constellationId: project.id });
    expect(byProject.items.map((item) => item.description)).toEqual(["first instant"]);
    const nonBillable = await browser.api.timeLogs.listWithNames.query({ ...WEEK, isBillable: false });
    expect(nonBillable.items.map((item) => item.description)).toEqual(["loose"]);

    const backwards = await failure(browser.api.timeLogs.listWithNames.query({ from: WEEK.to, to: WEEK.from }));
    expect(backwards.code).toBe("validation_error");
    expect(backwards.details[0]?.field).toBe("to");
  });

  it("names the invoice that locks a billed log, and none once that invoice is void", async () => {
    const { browser, account } = await signUp();
    const customer = await insertCustomer(account.organization.id, { name: "Initech", hourlyRateCents: 10000 });
    await log(browser, [
      { startedAt: "2026-03-03T09:00:00Z", durationSeconds: 3600, customerId: customer.id, description: "billed" },
      { startedAt: "2026-03-10T09:00:00Z", durationSeconds: 3600, customerId: customer.id, description: "later" },
    ]);
    const invoice = await browser.api.invoices.create.mutate({ customerId: customer.id, periodStart: WEEK.from, periodEnd: WEEK.to });
    const lockedBy = async () => Object.fromEntries((await browser.api.timeLogs.listWithNames.query({})).items.map((item) => [item.description, item.lockedBy]));
    expect(await lockedBy()).toEqual({ billed: invoice.number, later: null });
    await browser.api.invoices.changeStatus.mutate({ id: invoice.id, status: "void" });
    expect(await lockedBy()).toEqual({ billed: null, later: null });
  });

  it("pages with the keyset cursor, each log once", async () => {
    const { browser } = await signUp();
    await log(
      browser,
      Array.from({ length: 5 }, (_, index) => ({ startedAt: `2026-03-0${index + 2}T10:00:00Z`, durationSeconds: 60, description: `log ${index}` })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await browser.api.timeLogs.listWithNames.query({ ...WEEK, limit: 2, cursor });
      seen.push(...page.items.map((item) => item.description ?? ""));
      cursor = page.pagination.hasMore ? page.pagination.cursor : undefined;
    } while (cursor);
    expect(seen).toEqual(["log 4", "log 3", "log 2", "log 1", "log 0"]);
  });

  it("never shows another organization's logs", async () => {
    const first = await signUp();
    const second = await signUp();
    await log(first.browser, [{ startedAt: "2026-03-02T09:00:00Z", durationSeconds: 60 }]);
    expect((await second.browser.api.timeLogs.listWithNames.query({ ...WEEK })).items).toEqual([]);
    expect((await second.browser.api.timeLogs.summarize.query({ dayStarts: [WEEK.from], end: WEEK.to })).totalSeconds).toBe(0);
  });
});

describe("a log's colour and where its time goes", () => {
  it("gives each listed log its customer's colour, else its project's customer's, else none", async () => {
    const { browser, account } = await signUp();
    const organizationId = account.organization.id;
    const teal = await insertCustomer(organizationId, { name: "Teal", color: "#0e9384" });
    const plum = await insertCustomer(organizationId, { name: "Plum", color: "#7a5af8" });
    const plain = await insertCustomer(organizationId, { name: "Plain" });
    const plumProject = await (await getDb()).constellation.create({ data: { organizationId, title: "Plum launch", customerId: plum.id } });
    const bare = await (await getDb()).constellation.create({ data: { organizationId, title: "Bare" } });
    await browser.api.timeLogs.sync.mutate({
      entries: [
        { customerId: teal.id, description: "customer's own", startedAt: "2026-03-02T09:00:00Z" },
        { customerId: plain.id, constellationId: plumProject.id, description: "customer without, project's customer with", startedAt: "2026-03-02T10:00:00Z" },
        { customerId: null, constellationId: plumProject.id, description: "project's customer", startedAt: "2026-03-02T11:00:00Z" },
        { customerId: null, constellationId: bare.id, description: "none", startedAt: "2026-03-02T12:00:00Z" },
      ].map((entry) => ({ ...entry, clientSessionId: randomUUID(), source: "manual" as const, durationSeconds: 600 })),
    });
    const colours = Object.fromEntries((await browser.api.timeLogs.listWithNames.query({ ...WEEK })).items.map((item) => [item.description, item.color]));
    expect(colours).toEqual({ "customer's own": "#0e9384", "customer without, project's customer with": "#7a5af8", "project's customer": "#7a5af8", none: null });
  });

  it("timeLogs.filing derives a task's project and customer as every write does, with their names; an explicit null is none", async () => {
    const { browser, account } = await signUp();
    const organizationId = account.organization.id;
    const acme = await insertCustomer(organizationId, { name: "Acme", color: "#d92d20" });
    const globex = await insertCustomer(organizationId, { name: "Globex" });
    const site = await (await getDb()).constellation.create({ data: { organizationId, title: "Site", customerId: acme.id } });
    const loose = await (await getDb()).constellation.create({ data: { organizationId, title: "Loose" } });
    const filed = await insertTask(organizationId, { title: "Filed", primaryConstellationId: site.id, customerId: globex.id });
    const unfiled = await insertTask(organizationId, { title: "Unfiled", customerId: globex.id });

    // The project's customer wins over the task's own; without a project, the task's customer.
    expect(await browser.api.timeLogs.filing.query({ taskId: filed.id })).toEqual({
      taskId: filed.id,
      customerId: acme.id,
      constellationId: site.id,
      taskTitle: "Filed",
      customerName: "Acme",
      projectName: "Site",
      color: "#d92d20",
    });
    expect(await browser.api.timeLogs.filing.query({ taskId: unfiled.id })).toMatchObject({ customerId: globex.id, constellationId: null, customerName: "Globex", projectName: null, color: null });
    // A project chosen brings its customer, else the task's; explicit nulls are none.
    expect(await browser.api.timeLogs.filing.query({ taskId: filed.id, constellationId: loose.id })).toMatchObject({ constellationId: loose.id, customerId: globex.id, projectName: "Loose" });
    expect(await browser.api.timeLogs.filing.query({ taskId: filed.id, constellationId: null, customerId: null })).toMatchObject({ constellationId: null, customerId: null, taskTitle: "Filed" });
    // What the pickers show is what a timer started with the same choice records.
    const shown = await browser.api.timeLogs.filing.query({ taskId: filed.id });
    const timer = await browser.api.timers.start.mutate({ taskId: filed.id });
    expect({ customerId: timer.customerId, constellationId: timer.constellationId }).toEqual({ customerId: shown.customerId, constellationId: shown.constellationId });
    await browser.api.timers.discard.mutate();

    // Another organization's task or project is a 400 naming the field, as on every write.
    const stranger = await signUp();
    const theirs = await insertTask(stranger.account.organization.id, { title: "Theirs" });
    const refused = await failure(browser.api.timeLogs.filing.query({ taskId: theirs.id }));
    expect(refused.code).toBe("validation_error");
    expect(refused.details.map((detail) => detail.field)).toEqual(["taskId"]);
    expect((await failure(stranger.browser.api.timeLogs.filing.query({ constellationId: site.id }))).details.map((detail) => detail.field)).toEqual(["constellationId"]);
  });
});

describe("timeLogs.summarize", () => {
  it("totals each day the browser delimits, billable apart, and the whole range", async () => {
    const { browser } = await signUp();
    await log(browser, [
      { startedAt: "2026-03-01T23:00:00Z", durationSeconds: 3600, description: "the day before" },
      { startedAt: "2026-03-02T08:00:00Z", durationSeconds: 3600 },
      { startedAt: "2026-03-02T22:59:59Z", durationSeconds: 600, isBillable: false },
      { startedAt: "2026-03-03T01:00:00Z", durationSeconds: 1800 },
    ]);
    // Days of a browser at UTC+1: each starts at 23:00 UTC the evening before.
    const summary = await browser.api.timeLogs.summarize.query({ dayStarts: ["2026-03-01T23:00:00Z", "2026-03-02T23:00:00Z"], end: "2026-03-03T23:00:00Z" });
    expect(summary).toEqual({
      days: [
        { start: "2026-03-01T23:00:00.000Z", seconds: 7800, billableSeconds: 7200, count: 3 },
        { start: "2026-03-02T23:00:00.000Z", seconds: 1800, billableSeconds: 1800, count: 1 },
      ],
      totalSeconds: 9600,
      billableSeconds: 9000,
      count: 4,
    });
    const billable = await browser.api.timeLogs.summarize.query({ dayStarts: ["2026-03-01T23:00:00Z"], end: "2026-03-02T23:00:00Z", isBillable: false });
    expect(billable.totalSeconds).toBe(600);
  });

  it("refuses day bounds out of order and more than 31 days", async () => {
    const { browser } = await signUp();
    const unordered = await failure(browser.api.timeLogs.summarize.query({ dayStarts: ["2026-03-02T00:00:00Z", "2026-03-01T00:00:00Z"], end: "2026-03-03T00:00:00Z" }));
    expect(unordered.details[0]?.field).toBe("dayStarts");
    const days = Array.from({ length: 32 }, (_, index) => new Date(Date.UTC(2026, 0, 1 + index)).toISOString());
    const tooMany = await failure(browser.api.timeLogs.summarize.query({ dayStarts: days, end: "2026-03-01T00:00:00Z" }));
    expect(tooMany.code).toBe("validation_error");
  });
});

describe("tasks in the app", () => {
  it("ticks and removes checklist items, and shows comments with their authors", async () => {
    const admin = await signUp("Ada Admin");
    const member = await addMember(admin.browser, "Max Member");
    const task = await admin.browser.api.tasks.create.mutate({ title: "Launch", subtasks: [{ title: "Notes" }, { title: "Room" }] });
    const [notes, room] = task.subtasks;
    const ticked = await member.browser.api.tasks.setSubtaskCompleted.mutate({ taskId: task.id, subtaskId: notes!.id, isCompleted: true });
    expect(ticked).toMatchObject({ id: notes!.id, isCompleted: true });
    await member.browser.api.tasks.removeSubtask.mutate({ taskId: task.id, subtaskId: room!.id });
    await member.browser.api.tasks.addComment.mutate({ taskId: task.id, body: "Booked." });

    const page = await admin.browser.api.tasks.getWithAuthors.query({ taskId: task.id });
    expect(page.subtasks.map((subtask) => [subtask.title, subtask.isCompleted])).toEqual([["Notes", true]]);
    expect(page.comments).toEqual([{ id: expect.any(String), body: "Booked.", createdAt: expect.any(String), authorId: member.account.user.id, authorName: "Max Member" }]);
    expect(new Date(page.updatedAt).getTime()).toBeGreaterThan(new Date(task.updatedAt).getTime());

    const missing = await failure(admin.browser.api.tasks.removeSubtask.mutate({ taskId: task.id, subtaskId: room!.id }));
    expect(missing.code).toBe("not_found");
  });

  it("keeps other organizations' tasks out of reach", async () => {
    const first = await signUp();
    const second = await signUp();
    const task = await first.browser.api.tasks.create.mutate({ title: "Private", subtasks: [{ title: "Item" }] });
    expect((await failure(second.browser.api.tasks.getWithAuthors.query({ taskId: task.id }))).code).toBe("not_found");
    expect((await failure(second.browser.api.tasks.setSubtaskCompleted.mutate({ taskId: task.id, subtaskId: task.subtasks[0]!.id, isCompleted: true }))).code).toBe("not_found");
    expect((await second.browser.api.tasks.list.query({})).items).toEqual([]);
    expect((await first.browser.api.tasks.getWithAuthors.query({ taskId: task.id })).subtasks[0]?.isCompleted).toBe(false);
  });
});

describe("daily tracking over tRPC", () => {
  it("edits, continues and deletes a log, changes and discards the timer, sets a timesheet cell and preferences", async () => {
    const { browser } = await signUp();
    const api = browser.api;
    const [entry] = (await log(browser, [{ startedAt: "2026-03-02T09:00:00.000Z", durationSeconds: 3600, description: "Draft" }])).committed;
    expect(await api.timeLogs.update.mutate({ id: entry!.id, description: "Final", durationSeconds: 1800 })).toMatchObject({ description: "Final", durationSeconds: 1800 });
    expect(await api.timeLogs.continue.mutate({ id: entry!.id })).toMatchObject({ description: "Final" });
    expect(await api.timers.update.mutate({ description: "Renamed" })).toMatchObject({ description: "Renamed" });
    expect(await api.timers.discard.mutate()).toEqual({ success: true });
    expect(await api.timers.current.query()).toBeNull();
    expect(await api.timeLogs.delete.mutate({ id: entry!.id })).toEqual({ success: true, id: entry!.id });
    expect((await failure(api.timeLogs.update.mutate({ id: entry!.id, description: "x" }))).code).toBe("not_found");

    expect(await api.preferences.update.mutate({ timeZone: "Europe/Berlin", weekStart: "sunday" })).toMatchObject({ timeZone: "Europe/Berlin", weekStart: "sunday" });
    expect(await api.preferences.get.query()).toMatchObject({ timeZone: "Europe/Berlin" });
    expect(await api.timesheet.setCell.mutate({ day: "2026-03-03", seconds: 5400 })).toMatchObject({ taskId: null, seconds: [0, 0, 5400, 0, 0, 0, 0] });
    expect((await api.timesheet.get.query({ week: "2026-03-03" })).days[0]).toBe("2026-03-01");
  });
});

describe("organization.listMembers", () => {
  it("lists the organization's people, newest first, to any member", async () => {
    const admin = await signUp("Ada Admin");
    const member = await addMember(admin.browser, "Max Member");
    await signUp("Someone Elsewhere");
    const list = await member.browser.api.organization.listMembers.query({});
    expect(list.items.map((person) => [person.name, person.role])).toEqual([
      ["Max Member", "member"],
      ["Ada Admin", "admin"],
    ]);
    expect(list.pagination.hasMore).toBe(false);
    expect(Object.keys(list.items[0]!).sort()).toEqual(["createdAt", "deactivatedAt", "email", "id", "name", "role", "userId"]);
  });

  it("needs a session", async () => {
    expect((await failure(openBrowser().api.organization.listMembers.query({}))).code).toBe("unauthorized");
  });
});
