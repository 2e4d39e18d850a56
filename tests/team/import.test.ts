// POST /api/app/imports (imports.run): time logs from a Toggl, Clockify, Harvest or Orbit CSV; a
// preview first, nothing written on any row error, a re-import writes nothing new, and the form's
// limits. The people, date formats and each tool's specifics: import-tools.test.ts.
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, signUpOrganization } from "../harness/factories";
import { downloadExport, unzipTexts } from "../harness/export-archive";
import { getDb } from "@/server/db";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/server/contract/import";
import { expectErrorEnvelope } from "../harness/assertions";
import { csv, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";
import { timeLogsCsv } from "@/components/time-logs/time-log-csv";

const TOGGL = (memberEmail: string, adminEmail: string) =>
  csv(TOGGL_HEADER, [
    togglRow({ user: "Max", email: memberEmail, client: "Globex", project: "Relaunch", task: "Design", description: "Wireframes, v2", date: "2026-03-02", start: "09:00:00", duration: "01:30:00", tags: "ux, web" }),
    togglRow({ user: "Max", email: memberEmail, client: "globex", project: "Relaunch", task: "Design", description: "Wireframes", billable: "No", date: "2026-03-03", start: "09:00:00", duration: "00:45:00" }),
    togglRow({ user: "Ada", email: adminEmail, client: "Initech", description: "Call", date: "2026-03-04", start: "14:00:00", duration: "00:20:00" }),
  ]);

async function logsOf(organizationId: string) {
  return (await getDb()).timeLog.findMany({ where: { organizationId }, orderBy: { startedAt: "asc" }, include: { customer: true, constellation: true, task: true } });
}

const counts = (data: Record<string, unknown>) => ({ rows: data.rows, logs: data.logs, customers: data.customers, projects: data.projects, tasks: data.tasks, members: data.members, skippedDuplicates: data.skippedDuplicates });

describe("imports", () => {
  it("previews, then imports a Toggl file: names matched or created, logs to the members by email, no events, and a re-import writes nothing", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const file = TOGGL(member.email.toUpperCase(), admin.email);

    const preview = await upload(admin, { source: "toggl" }, file);
    expect(preview.status, preview.text).toBe(200);
    const expected = { rows: 3, logs: 3, customers: 1, projects: 1, tasks: 1, members: 2, skippedDuplicates: 0 };
    expect(counts(preview.body.data)).toEqual(expected);
    expect(preview.body.data).toMatchObject({ errors: [], isCommitted: false, dateFormat: "ymd", timeZone: "UTC", invalidRows: 0, unmatchedRows: 0, skippedPeopleRows: 0, billedExternally: 0 });
    expect(preview.body.data.people).toEqual([
      { name: "Max", email: member.email, rows: 2, memberId: member.userId, matchedBy: "email", isSkipped: false },
      { name: "Ada", email: admin.email, rows: 1, memberId: admin.userId, matchedBy: "email", isSkipped: false },
    ]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);

    const committed = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(committed.status, committed.text).toBe(200);
    expect(counts(committed.body.data)).toEqual(expected);
    expect(committed.body.data.isCommitted).toBe(true);
    const logs = await logsOf(admin.organizationId);
    expect(logs.map((log) => [log.userId, log.customer?.name, log.constellation?.title, log.task?.title, log.description, log.durationSeconds, log.isBillable, log.tags, log.source, log.billedExternally])).toEqual([
      [member.userId, "Globex", "Relaunch", "Design", "Wireframes, v2", 5_400, true, ["ux", "web"], "imported", false],
      [member.userId, "Globex", "Relaunch", "Design", "Wireframes", 2_700, false, [], "imported", false],
      [admin.userId, "Initech", null, null, "Call", 1_200, true, [], "imported", false].map((value) => value ?? undefined),
    ]);
    expect(logs[0]!.customerId).toBe(globex.id);
    expect(logs[0]!.startedAt.toISOString()).toBe("2026-03-02T09:00:00.000Z"); // the importer's zone (UTC)
    expect(logs[0]!.endedAt!.toISOString()).toBe("2026-03-02T10:30:00.000Z");
    expect(logs[0]!.task!.loggedSeconds).toBe(8_100);
    expect(logs[0]!.task!.billableSeconds).toBe(5_400);
    const db = await getDb();
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await db.timeLogImport.findMany({ where: { organizationId: admin.organizationId }, select: { status: true, rows: true, logs: true, userId: true, source: true } })).toEqual([
      { status: "done", rows: 3, logs: 3, userId: admin.userId, source: "toggl" },
    ]);

    const again = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(again.body.data).toMatchObject({ rows: 3, logs: 0, customers: 0, projects: 0, tasks: 0, skippedDuplicates: 3, isCommitted: false });
    expect(await logsOf(admin.organizationId)).toHaveLength(3);
  });

  it("writes nothing when any row has an error, and names each by line and column", async () => {
    const admin = await signUpOrganization();
    const file = [
      "Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration",
      `${admin.email},Globex,,,Fine,Yes,2026-03-02,09:00,1:00:00`,
      `${admin.email},Globex,,,Bad date,Yes,2026-02-30,09:00,1:00:00`,
      `${admin.email},Globex,,,Too long,maybe,2026-03-02,25:00,13:00:00`,
    ].join("\n");
    const response = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ isCommitted: false, invalidRows: 2, logs: 1 });
    expect(response.body.data.errors).toEqual([
      { line: 3, field: "start date", message: "is not a date written YYYY-MM-DD, the way this file's dates are read" },
      { line: 4, field: "start time", message: "is not a time of day (use 13:30 or 1:30 PM)" },
      { line: 4, field: "duration", message: "is 13:00, longer than the 12 hours a time log may last: split the row into shorter ones, or skip it" },
      { line: 4, field: "billable", message: "must be yes or no" },
    ]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const missingColumn = await upload(admin, { source: "toggl", commit: "true", skipInvalid: "true" }, "Description,Duration\nx,1:00:00");
    expect(missingColumn.body.data).toMatchObject({ isCommitted: false, rows: 1 });
    expect(missingColumn.body.data.errors).toEqual([
      { line: 1, field: "start date", message: 'the toggl file needs a "start date" column' },
      { line: 1, field: "start time", message: 'the toggl file needs a "start time" column' },
    ]);
  });

  it("refuses a file of more than 50,000 rows with 400 on file, writing nothing", { timeout: 300_000 }, async () => {
    const admin = await signUpOrganization();
    const row = `${admin.email},,,,x,Yes,2026-03-02,09:00,0:01:00`;
    const file = ["Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration", ...Array<string>(MAX_IMPORT_ROWS + 1).fill(row)].join("\n");
    const response = await upload(admin, { source: "toggl", commit: "true" }, file);
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([{ field: "file", message: `must have at most ${MAX_IMPORT_ROWS} rows` }]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
  });

  it("lets a member import their own time only", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const response = await upload(member, { source: "toggl", commit: "true" }, TOGGL(admin.email, admin.email));
    expect(response.body.data.errors).toEqual([
      { line: 2, field: "email", message: expect.stringContaining("only your own time") },
      { line: 3, field: "email", message: expect.stringContaining("only your own time") },
      { line: 4, field: "email", message: expect.stringContaining("only your own time") },
    ]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
    // Nor can a member give anyone's rows to another member.
    const mapped = await upload(member, { source: "toggl", commit: "true", people: JSON.stringify({ [admin.email]: admin.userId }) }, TOGGL(admin.email, admin.email));
    expectErrorEnvelope(mapped, 400, "validation_error");
    expect(mapped.body.details).toEqual([{ field: "people", message: "you can import only your own time; ask an admin to import other members' time" }]);
    // Taking them as their own, or skipping them, is theirs to choose.
    const own = await upload(member, { source: "toggl", commit: "true", people: JSON.stringify({ [admin.email]: member.userId }) }, TOGGL(admin.email, admin.email));
    expect(own.body.data).toMatchObject({ isCommitted: true, logs: 3, members: 1, errors: [] });
    expect(new Set((await logsOf(admin.organizationId)).map((log) => log.userId))).toEqual(new Set([member.userId]));
  });

  it("refuses a missing file, an unknown source, bad fields and a body that is not a form", async () => {
    const admin = await signUpOrganization();
    const noFile = await upload(admin, { source: "toggl" });
    expectErrorEnvelope(noFile, 400, "validation_error");
    expect(noFile.body.details).toEqual([{ field: "file", message: "attach a CSV file" }]);
    const source = await upload(admin, { source: "excel" }, "a\n1");
    expectErrorEnvelope(source, 400, "validation_error");
    expect(source.body.details[0].field).toBe("source");
    expectErrorEnvelope(await admin.client.post("/api/app/imports", { source: "toggl" }), 400, "validation_error");
    expectErrorEnvelope(await upload(admin, { source: "toggl", commit: "yes" }, "a\n1"), 400, "validation_error");
    for (const [fields, field] of [
      [{ dateFormat: "iso" }, "dateFormat"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ skipInvalid: "maybe" }, "skipInvalid"],
      [{ people: "{not json" }, "people"],
      [{ people: JSON.stringify({ "someone@example.com": 42 }) }, "people.someone@example.com"],
      [{ people: JSON.stringify({ "someone@example.com": "no-such-member" }) }, "people"],
    ] as const) {
      const response = await upload(admin, { source: "toggl", ...fields }, TOGGL(admin.email, admin.email));
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field, JSON.stringify(fields)).toBe(field);
    }
  });

  it("reproduces an organization's time from its export, imported with source orbit into an empty one", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    expect((await upload(admin, { source: "toggl", commit: "true" }, TOGGL(member.email, admin.email))).body.data.isCommitted).toBe(true);
    await (await getDb()).timeLog.updateMany({ where: { organizationId: admin.organizationId, description: "Call" }, data: { billedExternally: true } });
    // Tags the API takes that the cell's own separator and quotes could split: each comes back whole.
    const wireframes = (await logsOf(admin.organizationId)).find((log) => log.description === "Wireframes")!;
    const tagged = await admin.client.patch(`/api/app/time-logs/${wireframes.id}`, { tags: ["a,b", 'say "hi"', "plain", '"quoted"'] });
    expect(tagged.status, tagged.text).toBe(200);
    const exported = await downloadExport(admin);
    const timeLogsCsv = (await unzipTexts(Buffer.from(await exported.arrayBuffer()))).get("time-logs.csv")!;

    const fresh = await signUpOrganization();
    const other = await addMember(fresh);
    // The exporting organization's people are not members here: each is given to one who is.
    const people = JSON.stringify({ [member.email]: other.userId, [admin.email]: fresh.userId });
    const imported = await upload(fresh, { source: "orbit", commit: "true", people }, timeLogsCsv);
    expect(imported.body.data).toMatchObject({ rows: 3, logs: 3, customers: 2, projects: 1, tasks: 1, members: 2, billedExternally: 1, dateFormat: null, errors: [] });
    const summary = async (organizationId: string) =>
      (await logsOf(organizationId)).map((log) => [log.customer?.name, log.constellation?.title, log.task?.title, log.description, log.startedAt.toISOString(), log.durationSeconds, log.isBillable, log.tags, log.billedExternally]);
    expect(await summary(fresh.organizationId)).toEqual(await summary(admin.organizationId));
    expect((await upload(fresh, { source: "orbit", commit: "true", people }, timeLogsCsv)).body.data).toMatchObject({ logs: 0, skippedDuplicates: 3 });
  });

  it("imports the Time logs page's CSV with source orbit: the page writes Orbit's time-log columns", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    expect((await upload(admin, { source: "toggl", commit: "true" }, TOGGL(member.email, admin.email))).body.data.isCommitted).toBe(true);
    const names = new Map((await (await getDb()).user.findMany({ where: { id: { in: [admin.userId, member.userId] } } })).map((user) => [user.id, user.name]));
    // The rows as the page holds them (timeLogs.listWithNames), written by the page's own CSV writer.
    const pageCsv = timeLogsCsv(
      (await logsOf(admin.organizationId)).map((log) => ({
        id: log.id,
        userName: names.get(log.userId)!,
        customerName: log.customer?.name ?? null,
        projectName: log.constellation?.title ?? null,
        taskTitle: log.task?.title ?? null,
        description: log.description,
        startedAt: log.startedAt.toISOString(),
        endedAt: log.endedAt!.toISOString(),
        durationSeconds: log.durationSeconds,
        tags: log.tags,
        isBillable: log.isBillable,
        source: log.source,
      })) as unknown as Parameters<typeof timeLogsCsv>[0],
    );
    const fresh = await signUpOrganization();
    const people = JSON.stringify({ [names.get(member.userId)!]: fresh.userId, [names.get(admin.userId)!]: fresh.userId });
    const imported = await upload(fresh, { source: "orbit", commit: "true", people }, pageCsv);
    expect(imported.body.data, imported.text).toMatchObject({ rows: 3, logs: 3, customers: 2, projects: 1, tasks: 1, errors: [] });
    const summary = async (organizationId: string) =>
      (await logsOf(organizationId)).map((log) => [log.customer?.name, log.constellation?.title, log.task?.title, log.description, log.startedAt.toISOString(), log.durationSeconds, log.isBillable, log.tags]);
    expect(await summary(fresh.organizationId)).toEqual(await summary(admin.organizationId));
  });

  it("reads the form in either order: fields before or after the file part", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const file = TOGGL(member.email, admin.email);
    const fieldsFirst = await upload(admin, { source: "toggl", commit: "true" }, file, { fieldsFirst: true });
    expect(fieldsFirst.body.data).toMatchObject({ rows: 3, logs: 3, errors: [], isCommitted: true });
    const fieldsAfter = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(fieldsAfter.body.data).toMatchObject({ rows: 3, logs: 0, skippedDuplicates: 3, errors: [] });
    expect(await logsOf(admin.organizationId)).toHaveLength(3);
  });

  it("refuses a file over 10 MiB with 400 on file, and a body far over it with 413, writing nothing", async () => {
    const admin = await signUpOrganization();
    const header = "Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration\n";
    const row = ",Globex,,,x,Yes,2026-03-02,09:00,0:01:00\n";
    // Rows with a long description: few enough for the row limit, the bytes just past 10 MiB.
    const longRow = `,Globex,,,${"x".repeat(1_000)},Yes,2026-03-02,09:00,0:01:00\n`;
    const justOver = header + longRow.repeat(Math.floor((MAX_IMPORT_BYTES - header.length) / longRow.length)) + row.repeat(Math.ceil((MAX_IMPORT_BYTES % longRow.length) / row.length) + 1);
    expect(Buffer.byteLength(justOver)).toBeGreaterThan(MAX_IMPORT_BYTES);
    const response = await upload(admin, { source: "toggl", commit: "true" }, justOver);
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([{ field: "file", message: "must be at most 10 MiB" }]);

    const farOver = await upload(admin, { source: "toggl", commit: "true" }, header + longRow.repeat(12_000));
    expectErrorEnvelope(farOver, 413, "payload_too_large");
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });
});
