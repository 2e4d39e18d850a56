// Imports of real-format exports from Toggl Track, Clockify and Harvest (tests/harness/import-files.ts), as a
// studio in Berlin moving to Orbit would send them (app-api section 17): each person's time stays theirs
// (by email, then by full name, else mapped or skipped, never the importer's), dates in either order,
// Harvest's invoiced rows billed elsewhere and its tasks kept as words, date-only rows placed in their
// day, over-long rows refused by line, and `skipInvalid`.
import { describe, expect, it } from "vitest";
import { createApiKey, apiClient, insertCustomer, PASSWORD, signUpOrganization, uniqueEmail, type SignedInUser } from "../harness/factories";
import { TestClient } from "../harness/http";
import { expectErrorEnvelope } from "../harness/assertions";
import { openBrowser } from "../harness/web-client";
import { getDb } from "@/server/db";
import { CLOCKIFY_HEADER, clockifyRow, csv, HARVEST_HEADER, harvestRow, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";

/** A member with the name and email given, signed in. */
async function addPerson(admin: SignedInUser, name: string, email = uniqueEmail("person")): Promise<SignedInUser> {
  const created = await admin.client.post("/api/app/members", { email, password: PASSWORD, name, role: "member" });
  expect(created.status, created.text).toBe(201);
  const client = new TestClient();
  expect((await client.post("/api/app/auth/login", { email, password: PASSWORD })).status).toBe(200);
  return { client, userId: created.body.data.user.id, organizationId: admin.organizationId, email };
}

async function logsOf(organizationId: string) {
  return (await getDb()).timeLog.findMany({ where: { organizationId }, orderBy: [{ startedAt: "asc" }, { id: "asc" }], include: { customer: true, constellation: true, task: true } });
}

const studio = async () => {
  const admin = await signUpOrganization({ plan: "pro", name: "Studio Berlin" });
  const lena = await addPerson(admin, "Lena  Schmidt"); // two spaces: names are compared as people write them
  const jonas = await addPerson(admin, "Jonas Weber");
  return { admin, lena, jonas };
};

describe("Toggl Track: people by email, then by name; unknown people mapped or skipped; over-long rows", () => {
  it("lists the people found, refuses a commit with an unmatched person, and never gives their time to the importer", { timeout: 120_000 }, async () => {
    const { admin, lena, jonas } = await studio();
    const file = csv(TOGGL_HEADER, [
      togglRow({ user: "Lena Schmidt", email: "lena@old-agency.example", client: "Müller GmbH", project: "Website", task: "Design", description: "Homepage", date: "2026-10-12", start: "09:00:00", duration: "02:00:00" }),
      togglRow({ user: "Sam Stranger", email: "sam@freelance.example", client: "Müller GmbH", project: "Website", description: "Copy", date: "2026-10-12", start: "11:00:00", duration: "01:00:00" }),
      togglRow({ user: "Jonas Weber", email: jonas.email.toUpperCase(), client: "Müller GmbH", project: "Website", description: "Forgot to stop", date: "2026-10-12", start: "08:00:00", duration: "13:30:00" }),
      togglRow({ user: "Jonas Weber", email: jonas.email, client: "Müller GmbH", project: "Website", task: "Build", description: "Setup", date: "2026-10-13", start: "10:15:00", duration: "00:45:00", tags: "dev" }),
    ]);

    const preview = await upload(admin, { source: "toggl", timeZone: "Europe/Berlin" }, file);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.people).toEqual([
      { name: "Lena Schmidt", email: "lena@old-agency.example", rows: 1, memberId: lena.userId, matchedBy: "name", isSkipped: false },
      { name: "Sam Stranger", email: "sam@freelance.example", rows: 1, memberId: null, matchedBy: null, isSkipped: false },
      { name: "Jonas Weber", email: jonas.email, rows: 2, memberId: jonas.userId, matchedBy: "email", isSkipped: false },
    ]);
    expect(preview.body.data).toMatchObject({ rows: 4, logs: 2, unmatchedRows: 1, invalidRows: 1, members: 2, timeZone: "Europe/Berlin", dateFormat: "ymd", isCommitted: false });
    expect(preview.body.data.errors).toEqual([
      { line: 4, field: "duration", message: "is 13:30, longer than the 12 hours a time log may last: split the row into shorter ones, or skip it" },
    ]);

    const unmapped = await upload(admin, { source: "toggl", commit: "true", skipInvalid: "true", timeZone: "Europe/Berlin" }, file);
    expectErrorEnvelope(unmapped, 400, "validation_error");
    expect(unmapped.body.details).toEqual([{ field: "people", message: "choose a member, or skip, for each person of the file matched to no member: Sam Stranger <sam@freelance.example>" }]);

    // Mapped, but a row error and no skipInvalid: nothing is written.
    const people = JSON.stringify({ "sam@freelance.example": "skip" });
    const stopped = await upload(admin, { source: "toggl", commit: "true", people, timeZone: "Europe/Berlin" }, file);
    expect(stopped.body.data).toMatchObject({ isCommitted: false, skippedPeopleRows: 1, invalidRows: 1, logs: 2 });
    expect(await logsOf(admin.organizationId)).toHaveLength(0);

    const committed = await upload(admin, { source: "toggl", commit: "true", people, skipInvalid: "true", timeZone: "Europe/Berlin" }, file);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.body.data).toMatchObject({ isCommitted: true, rows: 4, logs: 2, members: 2, skippedPeopleRows: 1, invalidRows: 1, unmatchedRows: 0 });
    expect(committed.body.data.errors).toEqual([{ line: 4, field: "duration", message: expect.stringContaining("split the row") }]);
    expect(committed.body.data.people.find((person: { email: string }) => person.email === "sam@freelance.example")).toMatchObject({ memberId: null, isSkipped: true, matchedBy: null });
    const logs = await logsOf(admin.organizationId);
    expect(logs.map((log) => [log.userId, log.description, log.startedAt.toISOString(), log.durationSeconds, log.tags])).toEqual([
      [lena.userId, "Homepage", "2026-10-12T07:00:00.000Z", 7_200, []], // 09:00 in Berlin (summer time)
      [jonas.userId, "Setup", "2026-10-13T08:15:00.000Z", 2_700, ["dev"]],
    ]);
    expect(logs.some((log) => log.userId === admin.userId)).toBe(false);

    // The skipped person mapped to a member later: only their row is new.
    const later = await upload(admin, { source: "toggl", commit: "true", people: JSON.stringify({ "Sam Stranger": lena.userId }), skipInvalid: "true", timeZone: "Europe/Berlin" }, file);
    expect(later.body.data).toMatchObject({ isCommitted: true, logs: 1, skippedDuplicates: 2 });
    expect((await logsOf(admin.organizationId)).filter((log) => log.description === "Copy").map((log) => log.userId)).toEqual([lena.userId]);
  });

  it("matches no one by a name two members share", async () => {
    const { admin } = await studio();
    await addPerson(admin, "Jonas Weber");
    const file = csv(TOGGL_HEADER, [togglRow({ user: "Jonas Weber", email: "jonas@elsewhere.example", description: "x", date: "2026-10-12", start: "09:00:00", duration: "01:00:00" })]);
    const preview = await upload(admin, { source: "toggl" }, file);
    expect(preview.body.data.people).toEqual([{ name: "Jonas Weber", email: "jonas@elsewhere.example", rows: 1, memberId: null, matchedBy: null, isSkipped: false }]);
  });
});

describe("Clockify: dates day first, month first, or asked for", () => {
  const file = (rows: Array<[string, string, string]>, email: string) =>
    csv(
      CLOCKIFY_HEADER,
      rows.map(([date, start, end], index) => clockifyRow({ user: "Lena Schmidt", email, client: "Müller GmbH", project: "Website", task: "Review", description: `Entry ${index + 1}`, date, start, end, hms: "01:00:00", decimal: "1.00" })),
      { quoteAll: true },
    );

  it("reads DD/MM/YYYY: 09/10/2026 is 9 October once 13/10/2026 shows the file is day first", async () => {
    const { admin, lena } = await studio();
    const european = file([["09/10/2026", "09:30:00", "10:30:00"], ["13/10/2026", "14:00:00", "15:00:00"]], lena.email);
    const response = await upload(admin, { source: "clockify", commit: "true", timeZone: "Europe/Berlin" }, european);
    expect(response.body.data).toMatchObject({ isCommitted: true, logs: 2, dateFormat: "dmy", errors: [] });
    expect((await logsOf(admin.organizationId)).map((log) => [log.startedAt.toISOString(), log.durationSeconds, log.task?.title])).toEqual([
      ["2026-10-09T07:30:00.000Z", 3_600, "Review"],
      ["2026-10-13T12:00:00.000Z", 3_600, "Review"],
    ]);
  });

  it("reads MM/DD/YYYY with 12-hour times: 10/09/2026 is 9 October once 10/13/2026 shows the file is month first", async () => {
    const { admin, lena } = await studio();
    const american = file([["10/09/2026", "01:30:00 PM", "02:30:00 PM"], ["10/13/2026", "09:00:00 AM", "10:00:00 AM"]], lena.email);
    const response = await upload(admin, { source: "clockify", commit: "true" }, american);
    expect(response.body.data).toMatchObject({ isCommitted: true, logs: 2, dateFormat: "mdy", timeZone: "UTC" });
    expect((await logsOf(admin.organizationId)).map((log) => log.startedAt.toISOString())).toEqual(["2026-10-09T13:30:00.000Z", "2026-10-13T09:00:00.000Z"]);
  });

  it("asks for the format when every date reads both ways, and reads the file the way chosen", async () => {
    const { admin, lena } = await studio();
    const ambiguous = file([["09/10/2026", "09:00:00", "10:00:00"], ["03/04/2026", "09:00:00", "10:00:00"], ["05/05/2026", "09:00:00", "10:00:00"]], lena.email);
    const asked = await upload(admin, { source: "clockify" }, ambiguous);
    expectErrorEnvelope(asked, 400, "validation_error");
    expect(asked.body.details).toEqual([
      { field: "dateFormat", message: "the file's dates read two ways (09/10/2026 on line 2 is DD/MM/YYYY or MM/DD/YYYY): choose the date format the file is written in" },
    ]);
    const dayFirst = await upload(admin, { source: "clockify", dateFormat: "dmy", commit: "true" }, ambiguous);
    expect(dayFirst.body.data).toMatchObject({ isCommitted: true, dateFormat: "dmy" });
    expect((await logsOf(admin.organizationId)).map((log) => log.startedAt.toISOString().slice(0, 10))).toEqual(["2026-04-03", "2026-05-05", "2026-10-09"]);
    const monthFirst = await upload(admin, { source: "clockify", dateFormat: "mdy" }, ambiguous);
    // 05/05/2026 is the same day either way: imported already.
    expect(monthFirst.body.data).toMatchObject({ dateFormat: "mdy", logs: 2, skippedDuplicates: 1 });
  });

  it("names the rows whose dates do not fit the format chosen", async () => {
    const { admin, lena } = await studio();
    const european = file([["09/10/2026", "09:30:00", "10:30:00"], ["13/10/2026", "14:00:00", "15:00:00"]], lena.email);
    const response = await upload(admin, { source: "clockify", dateFormat: "mdy", commit: "true" }, european);
    expect(response.body.data).toMatchObject({ isCommitted: false, invalidRows: 1 });
    expect(response.body.data.errors).toEqual([{ line: 3, field: "start date", message: "is not a date written MM/DD/YYYY, the way this file's dates are read" }]);
  });
});

describe("Harvest: people by full name, invoiced rows billed elsewhere, tasks as words, each day's rows one after another", () => {
  it("imports a detailed time report as the studio's people's time, never invoiced again", async () => {
    const { admin, lena, jonas } = await studio();
    const customer = await insertCustomer(admin.organizationId, { name: "Müller GmbH", billingType: "hourly", hourlyRateCents: 10_000, currency: "EUR" });
    // Lena works from New York: her date-only rows take their place in her day, whatever zone the file's times are read in.
    const zone = await lena.client.patch("/api/app/me/preferences", { timeZone: "America/New_York" });
    expect(zone.status, zone.text).toBe(200);
    // Jonas already tracked 08:00-09:45 (Berlin) on the 12th in Orbit.
    const earlier = await jonas.client.post("/api/app/time-logs/sync", { entries: [{ clientSessionId: "early", startedAt: "2026-10-12T06:00:00Z", durationSeconds: 6_300, description: "Standup", source: "manual" }] });
    expect(earlier.status, earlier.text).toBe(200);
    const file = csv(HARVEST_HEADER, [
      harvestRow({ date: "2026-10-12", client: "Müller GmbH", project: "Website", task: "Design", notes: "Homepage sketches", hours: "1.5", invoiced: "Yes", first: "Lena", last: "Schmidt" }),
      harvestRow({ date: "2026-10-12", client: "Müller GmbH", project: "Website", task: "Design", hours: "1.5", first: "Lena", last: "Schmidt" }),
      harvestRow({ date: "2026-10-12", client: "Müller GmbH", project: "Website", task: "Meetings", notes: "Kickoff", hours: "0.5", billable: "No", first: "Jonas", last: "Weber" }),
      harvestRow({ date: "2026-10-13", client: "Müller GmbH", project: "Website", hours: "2", first: "lena", last: "schmidt" }),
      harvestRow({ date: "2026-10-13", client: "Müller GmbH", project: "Website", task: "Design", hours: "1", first: "Kim", last: "Unknown" }),
      harvestRow({ date: "2026-10-14", client: "Müller GmbH", project: "Website", task: "Design", notes: "Timer left running", hours: "13.5", first: "Lena", last: "Schmidt" }),
    ]);

    const preview = await upload(admin, { source: "harvest", timeZone: "Europe/Berlin" }, file);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.people).toEqual([
      { name: "Lena Schmidt", email: null, rows: 4, memberId: lena.userId, matchedBy: "name", isSkipped: false },
      { name: "Jonas Weber", email: null, rows: 1, memberId: jonas.userId, matchedBy: "name", isSkipped: false },
      { name: "Kim Unknown", email: null, rows: 1, memberId: null, matchedBy: null, isSkipped: false },
    ]);
    expect(preview.body.data).toMatchObject({ logs: 4, unmatchedRows: 1, billedExternally: 1, tasks: 0, projects: 1, customers: 0, dateFormat: "ymd" });
    expect(preview.body.data.errors).toEqual([{ line: 7, field: "hours", message: "is 13:30, longer than the 12 hours a time log may last: split the row into shorter ones, or skip it" }]);

    const committed = await upload(admin, { source: "harvest", commit: "true", skipInvalid: "true", timeZone: "Europe/Berlin", people: JSON.stringify({ "Kim Unknown": "skip" }) }, file);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.body.data).toMatchObject({ isCommitted: true, logs: 4, billedExternally: 1, tasks: 0, skippedPeopleRows: 1, invalidRows: 1 });
    const logs = (await logsOf(admin.organizationId)).filter((log) => log.source === "imported");
    expect(logs.map((log) => [log.userId, log.description, log.startedAt.toISOString(), log.endedAt!.toISOString(), log.isBillable, log.billedExternally, log.taskId, log.customerId])).toEqual([
      // Jonas's 12th: right after his own 08:00-09:45.
      [jonas.userId, "Meetings: Kickoff", "2026-10-12T07:45:00.000Z", "2026-10-12T08:15:00.000Z", false, false, null, customer.id],
      // Lena's 12th: from 09:00 in New York (summer time, UTC-4), one after another.
      [lena.userId, "Design: Homepage sketches", "2026-10-12T13:00:00.000Z", "2026-10-12T14:30:00.000Z", true, true, null, customer.id],
      [lena.userId, "Design", "2026-10-12T14:30:00.000Z", "2026-10-12T16:00:00.000Z", true, false, null, customer.id],
      // No task, no notes: the row's label, its customer.
      [lena.userId, "Müller GmbH", "2026-10-13T13:00:00.000Z", "2026-10-13T15:00:00.000Z", true, false, null, customer.id],
    ]);
    const db = await getDb();
    expect(await db.task.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    // The invoice for October bills what was not invoiced in Harvest, and never the invoiced row.
    const invoice = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-10-01T00:00:00.000Z", periodEnd: "2026-10-31T23:59:59.999Z" });
    expect(invoice.status, invoice.text).toBe(201);
    expect(invoice.body.data.lineItems.map((line: { description: string; seconds: number }) => [line.description, line.seconds])).toEqual([
      ["Design", 5_400],
      ["Müller GmbH", 7_200],
    ]);

    // Reports count the row billed in Harvest as invoiced, beside the time the new invoice bills, and
    // nothing of Lena's October as still to invoice.
    const reportOf = async (invoiced: boolean) => {
      const query = new URLSearchParams({ from: "2026-10-01T00:00:00.000Z", to: "2026-11-01T00:00:00.000Z", groupBy: "member", userId: lena.userId, invoiced: String(invoiced) });
      const report = await admin.client.get(`/api/app/reports/time?${query}`);
      expect(report.status, report.text).toBe(200);
      return report.body.data.totals.seconds;
    };
    expect(await reportOf(true)).toBe(5_400 + 5_400 + 7_200);
    expect(await reportOf(false)).toBe(0);

    // The app's list says so; /api/v1 keeps the contract's fields.
    const browser = openBrowser();
    await browser.api.auth.logIn.mutate({ email: admin.email, password: PASSWORD });
    const listed = await browser.api.timeLogs.listWithNames.query({ from: "2026-10-12T00:00:00.000Z", to: "2026-10-14T00:00:00.000Z", userId: lena.userId });
    expect(listed.items.map((item) => [item.description, item.billedExternally])).toEqual([
      ["Müller GmbH", false],
      ["Design", false],
      ["Design: Homepage sketches", true],
    ]);
    const key = await createApiKey(admin, ["time-logs:read"]);
    const v1 = await apiClient(key.key).get(`/api/v1/time-logs?userId=${lena.userId}`);
    expect(v1.status, v1.text).toBe(200);
    expect(Object.keys(v1.body.data[0]).sort()).toEqual(
      ["id", "userId", "taskId", "customerId", "constellationId", "description", "startedAt", "endedAt", "durationSeconds", "tags", "isBillable", "source", "createdAt", "updatedAt"].sort(),
    );

    // Re-importing the report (dates without times) writes nothing new and moves nothing.
    const again = await upload(admin, { source: "harvest", commit: "true", skipInvalid: "true", timeZone: "Europe/Berlin", people: JSON.stringify({ "Kim Unknown": "skip" }) }, file);
    expect(again.body.data).toMatchObject({ logs: 0, skippedDuplicates: 4, isCommitted: false });
    expect(await db.timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(5);
  });
});
