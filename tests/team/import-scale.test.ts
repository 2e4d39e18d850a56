// The documented maximum (10 MiB, 50,000 rows) imports completely, all or nothing, on both databases:
// read in batches (the count of rows held never passes one batch), written in bounded statements (in
// one transaction on PostgreSQL, taken back on the embedded database when one fails), and an import a
// stopped process left halfway is taken back by the organization's next one.
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, signUpOrganization } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";
import { getDb } from "@/server/db";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/server/contract/import";
import { IMPORT_BATCH_ROWS } from "@/server/services/imports/import";
import { importRowsInMemory, resetImportRowsPeak } from "@/server/services/imports/records";
import { importedLogId } from "@/server/services/imports/write";
import { csv, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";

/** `count` Toggl rows over a year for the two people, a few customers, projects and tasks, padded to `bytes` in all. */
function bigTogglFile(count: number, emails: [string, string], bytes: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 0, 1) + (index % 365) * 86_400_000).toISOString().slice(0, 10);
    const minute = Math.floor(index / 365) % 600;
    return togglRow({
      user: index % 2 ? "Jonas" : "Lena",
      email: emails[index % 2]!,
      client: `Client ${index % 7}`,
      project: `Project ${index % 13}`,
      task: `Task ${index % 29}`,
      description: `Row ${index}`,
      billable: index % 3 ? "Yes" : "No",
      date: day,
      start: `${String(Math.floor(minute / 60) + 6).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00`,
      duration: "00:15:00",
      tags: index % 5 ? "" : "review",
    });
  });
  const plain = csv(TOGGL_HEADER, rows);
  // Pad the descriptions evenly so the file is just under the byte limit.
  const padding = Math.floor((bytes - Buffer.byteLength(plain)) / count);
  return padding > 0 ? csv(TOGGL_HEADER, rows.map((row) => ({ ...row, Description: `${row.Description} ${"·".repeat(Math.floor(padding / 2) - 1)}` }))) : plain;
}

describe("the documented maximum", () => {
  it("imports 50,000 rows of a 10 MiB file completely, never holding more than a batch of rows", { timeout: 1_800_000 }, async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const file = bigTogglFile(MAX_IMPORT_ROWS, [admin.email, member.email], MAX_IMPORT_BYTES - 64 * 1024);
    expect(Buffer.byteLength(file)).toBeGreaterThan(MAX_IMPORT_BYTES - 256 * 1024);
    expect(Buffer.byteLength(file)).toBeLessThanOrEqual(MAX_IMPORT_BYTES);

    resetImportRowsPeak();
    const response = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ rows: MAX_IMPORT_ROWS, logs: MAX_IMPORT_ROWS, customers: 7, projects: 13, tasks: 29, members: 2, errors: [], isCommitted: true });
    // Every row was counted in and out; at most one batch at a time.
    expect(importRowsInMemory().peak).toBeGreaterThan(0);
    expect(importRowsInMemory().peak).toBeLessThanOrEqual(IMPORT_BATCH_ROWS);
    expect(importRowsInMemory().now).toBe(0);

    const db = await getDb();
    expect(await db.timeLog.count({ where: { organizationId: admin.organizationId } })).toBe(MAX_IMPORT_ROWS);
    const seconds = await db.task.aggregate({ where: { organizationId: admin.organizationId }, _sum: { loggedSeconds: true, billableSeconds: true } });
    expect(seconds._sum.loggedSeconds).toBe(MAX_IMPORT_ROWS * 900);
    expect(seconds._sum.billableSeconds).toBe((MAX_IMPORT_ROWS - Math.ceil(MAX_IMPORT_ROWS / 3)) * 900); // every third row is not billable
    expect(await db.timeLog.count({ where: { organizationId: admin.organizationId, userId: member.userId } })).toBe(MAX_IMPORT_ROWS / 2);
    expect(await db.timeLogImport.findFirst({ where: { organizationId: admin.organizationId }, select: { status: true, logs: true } })).toEqual({ status: "done", logs: MAX_IMPORT_ROWS });
  });
});

describe("all or nothing", () => {
  it("leaves nothing written when the last batch fails: no log, customer, project, task or import", { timeout: 300_000 }, async () => {
    const admin = await signUpOrganization();
    await insertCustomer(admin.organizationId, { name: "Client 0" });
    const db = await getDb();
    // A fault in the database itself, for this organization's logs only: the insert of a row with this description fails.
    await db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION fail_injected_import_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."description" = 'Injected failure' AND NEW."organizationId" = '${admin.organizationId}' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`);
    await db.$executeRawUnsafe(`CREATE TRIGGER fail_injected_import_row BEFORE INSERT ON "TimeLog" FOR EACH ROW EXECUTE FUNCTION fail_injected_import_row()`);
    try {
      const rows = Array.from({ length: IMPORT_BATCH_ROWS * 2 }, (_, index) =>
        togglRow({ user: "Ada", email: admin.email, client: `Client ${index % 3}`, project: "Relaunch", task: `Task ${index % 4}`, description: `Row ${index}`, date: "2026-03-02", start: "09:00:00", duration: "00:10:00" }),
      );
      // The last batch names a customer and a task no earlier row does: created in that batch, before its logs fail.
      rows.push(togglRow({ user: "Ada", email: admin.email, client: "Late Customer", project: "Late Project", task: "Late Task", description: "Injected failure", date: "2026-03-03", start: "09:00:00", duration: "00:10:00" }));
      const response = await upload(admin, { source: "toggl", commit: "true" }, csv(TOGGL_HEADER, rows));
      expectErrorEnvelope(response, 500, "internal_error");
      expect(response.text).not.toContain("injected");

      const { organizationId } = admin;
      expect(await db.timeLog.count({ where: { organizationId } })).toBe(0);
      expect((await db.customer.findMany({ where: { organizationId }, select: { name: true } })).map((customer) => customer.name)).toEqual(["Client 0"]);
      expect(await db.constellation.count({ where: { organizationId } })).toBe(0);
      expect(await db.task.count({ where: { organizationId } })).toBe(0);
      expect(await db.timeLogImport.count({ where: { organizationId } })).toBe(0);
      expect(importRowsInMemory().now).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS fail_injected_import_row ON "TimeLog"`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS fail_injected_import_row()`);
    }

    // The same file without the fault imports whole.
    const fixed = await upload(admin, { source: "toggl", commit: "true" }, csv(TOGGL_HEADER, [togglRow({ user: "Ada", email: admin.email, client: "Late Customer", description: "Fine", date: "2026-03-03", start: "09:00:00", duration: "00:10:00" })]));
    expect(fixed.body.data).toMatchObject({ isCommitted: true, logs: 1, customers: 1 });
  });

  it("takes back an import a stopped process left halfway when the organization imports next", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const { organizationId } = admin;
    const importId = "cleftbehind00000000";
    const customer = await insertCustomer(organizationId, { name: "Created by the stopped import" });
    await db.timeLogImport.create({ data: { id: importId, organizationId, userId: admin.userId, source: "toggl", status: "writing", rows: 3, createdCustomerIds: [customer.id] } });
    const base = { organizationId, userId: admin.userId, startedAt: new Date("2026-03-02T09:00:00Z"), durationSeconds: 60, source: "imported" as const };
    await db.timeLog.createMany({ data: [1, 2].map((ordinal) => ({ ...base, id: importedLogId(importId, ordinal), clientSessionId: `import:left-${ordinal}` })) });
    const kept = await db.timeLog.create({ data: { ...base, source: "manual", clientSessionId: "kept" } });

    const preview = await upload(admin, { source: "toggl" }, csv(TOGGL_HEADER, [togglRow({ user: "Ada", email: admin.email, description: "x", date: "2026-03-02", start: "09:00:00", duration: "00:10:00" })]));
    expect(preview.status, preview.text).toBe(200);
    expect((await db.timeLog.findMany({ where: { organizationId }, select: { id: true } })).map((log) => log.id)).toEqual([kept.id]);
    expect(await db.customer.count({ where: { organizationId } })).toBe(0);
    expect(await db.timeLogImport.count({ where: { organizationId } })).toBe(0);
  });
});
