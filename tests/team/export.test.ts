// GET /api/app/export (exports.download): a streamed ZIP of UTF-8 CSVs; a member gets their own time only.
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { addMember, insertCustomer, insertTask, signUpOrganization } from "../harness/factories";
import { downloadExport as download, unzipTexts } from "../harness/export-archive";
import { getDb } from "@/server/db";
import { EXPORT_BATCH } from "@/server/services/exports/export";
import { EXPORTED_TIME_LOG_COLUMNS } from "@/lib/time-log-csv";
import { TestClient } from "../harness/http";
import { expectErrorEnvelope } from "../harness/assertions";

/** Every file of the archive as CSV records (header first); each file starts with a BOM. */
async function unzip(bytes: Buffer): Promise<Map<string, string[][]>> {
  const files = new Map<string, string[][]>();
  for (const [name, text] of await unzipTexts(bytes)) {
    expect(text.startsWith("\uFEFF")).toBe(true);
    files.set(name, parse(text, { bom: true }));
  }
  return files;
}

describe("export", () => {
  it("zips time logs, tasks, customers, projects and invoices; a member gets their own time and no invoices or rates", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const db = await getDb();
    const customer = await insertCustomer(admin.organizationId, { name: "Globex, Inc.", hourlyRateCents: 9_000 });
    const project = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: customer.id } });
    const task = await insertTask(admin.organizationId, { title: "=cmd|' /C calc'!A0", primaryConstellationId: project.id });
    const base = { organizationId: admin.organizationId, source: "manual" as const, startedAt: new Date("2026-03-02T10:00:00Z") };
    await db.timeLog.createMany({
      data: [
        ...Array.from({ length: EXPORT_BATCH + 3 }, (_, index) => ({ ...base, userId: admin.userId, durationSeconds: index + 1, customerId: customer.id, constellationId: project.id, taskId: task.id, description: "Käse — ünïcode", tags: ["a", "b"] })),
        { ...base, userId: member.userId, durationSeconds: 600 },
        { ...base, userId: member.userId, durationSeconds: 999, deletedAt: new Date() },
      ],
    });
    expect((await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-03-01T00:00:00Z", periodEnd: "2026-03-31T00:00:00Z" })).status).toBe(201);
    await addMember(await signUpOrganization()); // another organization's data never shows

    const response = await download(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orbit-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...files.keys()]).toEqual(["time-logs.csv", "tasks.csv", "customers.csv", "projects.csv", "invoices.csv"]);
    const logs = files.get("time-logs.csv")!;
    expect(logs[0]).toEqual([...EXPORTED_TIME_LOG_COLUMNS]);
    expect(logs).toHaveLength(1 + EXPORT_BATCH + 4);
    const first = logs.find((row) => row[9] === "1")!;
    expect(first.slice(1)).toEqual([admin.email, "Ada Admin", "Globex, Inc.", "Relaunch", "'=cmd|' /C calc'!A0", "Käse — ünïcode", "2026-03-02T10:00:00.000Z", "", "1", "a, b", "true", "false", "manual"]);
    expect(files.get("tasks.csv")![1]!.slice(1, 2)).toEqual(["'=cmd|' /C calc'!A0"]);
    expect(files.get("customers.csv")![0]).toContain("hourlyRateCents");
    expect(files.get("projects.csv")!.slice(1).map((row) => row[1])).toEqual(["Relaunch"]);
    expect(files.get("invoices.csv")!.slice(1).map((row) => row[1])).toEqual(["INV-0001"]);

    const mine = await unzip(Buffer.from(await (await download(member)).arrayBuffer()));
    expect([...mine.keys()]).toEqual(["time-logs.csv", "tasks.csv", "customers.csv", "projects.csv"]);
    expect(mine.get("time-logs.csv")!.slice(1).map((row) => [row[1], row[9]])).toEqual([[member.email, "600"]]);
    expect(mine.get("customers.csv")![0]).not.toContain("hourlyRateCents");

    expectErrorEnvelope(await new TestClient().get("/api/app/export"), 401, "unauthorized");
  });
});
