// POST /api/app/imports (imports.run): time logs from a Toggl, Clockify, Harvest or Orbit CSV; a
// preview first, nothing written on any row error, and a re-import writes nothing new.
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, type SignedInUser, signUpOrganization } from "../harness/factories";
import { BASE_URL } from "../harness/http";
import { downloadExport, unzipTexts } from "./export-helpers";
import { getDb } from "@/server/db";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/server/contract/import";
import { expectErrorEnvelope } from "../harness/assertions";

/** Sends the file part first, or after the fields (as the web app does) with `fieldsFirst`. */
async function upload(user: SignedInUser, fields: Record<string, string>, csv?: string, { fieldsFirst = false } = {}) {
  const form = new FormData();
  const attach = () => csv !== undefined && form.set("file", new Blob([csv], { type: "text/csv" }), "logs.csv");
  if (!fieldsFirst) attach();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (fieldsFirst) attach();
  const encoded = new Request(BASE_URL, { method: "POST", body: form });
  return user.client.request("POST", "/api/app/imports", { rawBody: await encoded.text(), headers: { "content-type": encoded.headers.get("content-type")! } });
}

const TOGGL = (memberEmail: string) =>
  [
    "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags",
    `Max,${memberEmail},Globex,Relaunch,Design,"Wireframes, v2",Yes,2026-03-02,09:00:00,2026-03-02,10:30:00,01:30:00,"ux, web"`,
    `Max,${memberEmail},globex,Relaunch,Design,Wireframes,No,2026-03-03,09:00:00,2026-03-03,09:45:00,00:45:00,`,
    "Someone,stranger@example.com,Initech,,,Call,Yes,2026-03-04,14:00:00,2026-03-04,14:20:00,00:20:00,",
  ].join("\n");

async function logsOf(organizationId: string) {
  return (await getDb()).timeLog.findMany({ where: { organizationId }, orderBy: { startedAt: "asc" }, include: { customer: true, constellation: true, task: true } });
}

describe("imports", () => {
  it("previews, then imports a Toggl file: names matched or created, logs to the member by email, no events, and a re-import writes nothing", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const csv = TOGGL(member.email.toUpperCase());

    const preview = await upload(admin, { source: "toggl" }, csv);
    expect(preview.status, preview.text).toBe(200);
    const counts = { rows: 3, logs: 3, customers: 1, projects: 1, tasks: 1, members: 2, skippedDuplicates: 0, errors: [] };
    expect(preview.body.data).toEqual({ ...counts, isCommitted: false });
    expect(await logsOf(admin.organizationId)).toHaveLength(0);

    const committed = await upload(admin, { source: "toggl", commit: "true" }, csv);
    expect(committed.body.data).toEqual({ ...counts, isCommitted: true });
    const logs = await logsOf(admin.organizationId);
    expect(logs.map((log) => [log.userId, log.customer?.name, log.constellation?.title, log.task?.title, log.description, log.durationSeconds, log.isBillable, log.tags, log.source])).toEqual([
      [member.userId, "Globex", "Relaunch", "Design", "Wireframes, v2", 5_400, true, ["ux", "web"], "imported"],
      [member.userId, "Globex", "Relaunch", "Design", "Wireframes", 2_700, false, [], "imported"],
      [admin.userId, "Initech", undefined, undefined, "Call", 1_200, true, [], "imported"],
    ]);
    expect(logs[0]!.customerId).toBe(globex.id);
    expect(logs[0]!.startedAt.toISOString()).toBe("2026-03-02T09:00:00.000Z"); // the importer's zone (UTC)
    expect(logs[0]!.task!.loggedSeconds).toBe(8_100);
    expect(logs[0]!.task!.billableSeconds).toBe(5_400);
    const db = await getDb();
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const again = await upload(admin, { source: "toggl", commit: "true" }, csv);
    expect(again.body.data).toMatchObject({ rows: 3, logs: 0, customers: 0, projects: 0, tasks: 0, skippedDuplicates: 3 });
    expect(await logsOf(admin.organizationId)).toHaveLength(3);
  });

  it("writes nothing when any row has an error, and names each by line and column", async () => {
    const admin = await signUpOrganization();
    const csv = [
      "Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration",
      ",Globex,,,Fine,Yes,2026-03-02,09:00,1:00:00",
      ",Globex,,,Bad date,Yes,2026-02-30,09:00,1:00:00",
      ",Globex,,,Too long,maybe,2026-03-02,25:00,13:00:00",
    ].join("\n");
    const response = await upload(admin, { source: "toggl", commit: "true" }, csv);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.isCommitted).toBe(false);
    expect(response.body.data.errors).toEqual([
      { line: 3, field: "start date", message: expect.stringContaining("not a date") },
      { line: 4, field: "start time", message: expect.any(String) },
      { line: 4, field: "duration", message: "must be at most 12 hours" },
      { line: 4, field: "billable", message: "must be yes or no" },
    ]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const missingColumn = await upload(admin, { source: "toggl" }, "Description,Duration\nx,1:00:00");
    expect(missingColumn.body.data.errors).toEqual([
      { line: 1, field: "start date", message: expect.any(String) },
      { line: 1, field: "start time", message: expect.any(String) },
    ]);
  });

  it("reads Clockify and Harvest files", async () => {
    const admin = await signUpOrganization();
    const clockify = ["Project,Client,Description,Task,User,Email,Tags,Billable,Start Date,Start Time,End Date,End Time,Duration (h),Duration (decimal)", "Relaunch,Globex,Review,,Ada,,,Yes,03/02/2026,01:30:00 PM,03/02/2026,02:00:00 PM,00:30:00,0.50"].join("\n");
    expect((await upload(admin, { source: "clockify", commit: "true" }, clockify)).body.data).toMatchObject({ logs: 1, errors: [] });
    const harvest = ["Date,Client,Project,Project Code,Task,Notes,Hours,Billable?,First Name,Last Name", "2026-03-03,Globex,Relaunch,,Design,Sketches,\"1,5\",No,Ada,Admin"].join("\n");
    expect((await upload(admin, { source: "harvest", commit: "true" }, harvest)).body.data).toMatchObject({ logs: 1, projects: 0, customers: 0, tasks: 1, errors: [] });
    const logs = await logsOf(admin.organizationId);
    expect(logs.map((log) => [log.startedAt.toISOString(), log.durationSeconds, log.isBillable, log.constellation?.title])).toEqual([
      ["2026-03-02T13:30:00.000Z", 1_800, true, "Relaunch"],
      ["2026-03-03T00:00:00.000Z", 5_400, false, "Relaunch"],
    ]);
  });

  it("refuses a file of more than 50,000 rows with 400 on file, writing nothing", async () => {
    const admin = await signUpOrganization();
    const row = ",,,,x,Yes,2026-03-02,09:00,0:01:00";
    const csv = ["Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration", ...Array<string>(MAX_IMPORT_ROWS + 1).fill(row)].join("\n");
    const response = await upload(admin, { source: "toggl", commit: "true" }, csv);
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details).toEqual([{ field: "file", message: `must have at most ${MAX_IMPORT_ROWS} rows` }]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
  });

  it("lets a member import their own time only", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const response = await upload(member, { source: "toggl", commit: "true" }, TOGGL(admin.email));
    expect(response.body.data.errors).toEqual([
      { line: 2, field: "email", message: expect.stringContaining("only your own time") },
      { line: 3, field: "email", message: expect.stringContaining("only your own time") },
    ]);
    expect(await logsOf(admin.organizationId)).toHaveLength(0);
  });

  it("refuses a missing file, an unknown source and a body that is not a form", async () => {
    const admin = await signUpOrganization();
    const noFile = await upload(admin, { source: "toggl" });
    expectErrorEnvelope(noFile, 400, "validation_error");
    expect(noFile.body.details).toEqual([{ field: "file", message: "attach a CSV file" }]);
    const source = await upload(admin, { source: "excel" }, "a\n1");
    expectErrorEnvelope(source, 400, "validation_error");
    expect(source.body.details[0].field).toBe("source");
    expectErrorEnvelope(await admin.client.post("/api/app/imports", { source: "toggl" }), 400, "validation_error");
    expectErrorEnvelope(await upload(admin, { source: "toggl", commit: "yes" }, "a\n1"), 400, "validation_error");
  });

  it("reproduces an organization's time from its export, imported with source orbit into an empty one", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await upload(admin, { source: "toggl", commit: "true" }, TOGGL(member.email));
    const exported = await downloadExport(admin);
    const timeLogsCsv = (await unzipTexts(Buffer.from(await exported.arrayBuffer()))).get("time-logs.csv")!;

    const fresh = await signUpOrganization();
    const imported = await upload(fresh, { source: "orbit", commit: "true" }, timeLogsCsv);
    expect(imported.body.data).toMatchObject({ rows: 3, logs: 3, customers: 2, projects: 1, tasks: 1, members: 1, errors: [] });
    const summary = async (organizationId: string) =>
      (await logsOf(organizationId)).map((log) => [log.customer?.name, log.constellation?.title, log.task?.title, log.description, log.startedAt.toISOString(), log.durationSeconds, log.isBillable, log.tags]);
    expect(await summary(fresh.organizationId)).toEqual(await summary(admin.organizationId));
    expect((await upload(fresh, { source: "orbit", commit: "true" }, timeLogsCsv)).body.data).toMatchObject({ logs: 0, skippedDuplicates: 3 });
  });

  it("reads the form in either order: fields before or after the file part", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const csv = TOGGL(member.email);
    const fieldsFirst = await upload(admin, { source: "toggl", commit: "true" }, csv, { fieldsFirst: true });
    expect(fieldsFirst.body.data).toMatchObject({ rows: 3, logs: 3, errors: [], isCommitted: true });
    const fieldsAfter = await upload(admin, { source: "toggl", commit: "true" }, csv);
    expect(fieldsAfter.body.data).toMatchObject({ rows: 3, logs: 0, skippedDuplicates: 3, errors: [] });
    expect(await logsOf(admin.organizationId)).toHaveLength(3);
  });

  it("reads a file near the row limit to the end: every row checked and counted", async () => {
    const admin = await signUpOrganization();
    const rows = 40_000;
    const csv = ["Email,Client,Project,Task,Description,Billable,Start date,Start time,Duration", ...Array.from({ length: rows }, (_, index) => `,Globex,Relaunch,,Row ${index},Yes,2026-03-02,09:00,0:01:00`)].join("\n");
    const response = await upload(admin, { source: "toggl" }, `${csv}\n,Globex,,,Last,Yes,2026-03-02,09:00,13:00:00`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ rows: rows + 1, logs: rows, customers: 1, projects: 1, tasks: 0, members: 1, skippedDuplicates: 0, errors: [{ line: rows + 2, field: "duration", message: "must be at most 12 hours" }], isCommitted: false });
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
