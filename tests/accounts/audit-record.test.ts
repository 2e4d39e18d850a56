// The audit log's storage: an entry is written with the actor's name of the moment, and the table
// itself refuses every edit and every deletion but retention's and the organization's removal.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { recordAudit } from "@/server/services/audit/record";
import { signUpOrganization } from "../harness/factories";

async function entriesOf(organizationId: string) {
  const db = await getDb();
  return db.auditEvent.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
}

describe("audit entries", () => {
  it("copy the actor's name and keep the request's address and user agent", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    await db.$transaction((tx) =>
      recordAudit(tx, { organizationId: admin.organizationId, actor: { type: "user", id: admin.userId }, ip: "127.0.0.9", userAgent: "Probe/1" }, {
        action: "api_key.created",
        target: { type: "api_key", id: "key_1", label: "CI" },
        metadata: { scopes: ["tasks:read"] },
      }),
    );
    await db.user.update({ where: { id: admin.userId }, data: { name: "Renamed" } });
    const [entry] = (await entriesOf(admin.organizationId)).filter((row) => row.action === "api_key.created");
    expect(entry).toMatchObject({ actorType: "user", actorId: admin.userId, actorName: "Ada Admin", targetLabel: "CI", ip: "127.0.0.9", userAgent: "Probe/1" });
    expect(entry!.metadata).toEqual({ scopes: ["tasks:read"] });
    expect(entry!.id).toMatch(/^aud_[0-9a-f]{32}$/);
  });

  it("are written with the change or not at all: a failed transaction leaves none", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const before = (await entriesOf(admin.organizationId)).length;
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, { organizationId: admin.organizationId, actor: { type: "system" } }, { action: "data.exported", target: { type: "organization" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await entriesOf(admin.organizationId)).toHaveLength(before);
  });

  it("cannot be edited or deleted, but retention removes those older than 365 days and an organization's removal takes its own", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const context = { organizationId: admin.organizationId, actor: { type: "system" as const } };
    await recordAudit(db, context, { action: "data.exported", target: { type: "organization" } });
    const [entry] = await entriesOf(admin.organizationId);
    await expect(db.auditEvent.update({ where: { id: entry!.id }, data: { action: "auth.login_succeeded" } })).rejects.toThrow();
    await expect(db.auditEvent.delete({ where: { id: entry!.id } })).rejects.toThrow();
    await expect(db.$executeRaw`UPDATE "AuditEvent" SET "createdAt" = now() - interval '400 days' WHERE "id" = ${entry!.id}`).rejects.toThrow();

    const old = "aud_000000000000old0000000000000000";
    await db.$executeRaw`INSERT INTO "AuditEvent" ("id", "organizationId", "action", "actorType", "actorName", "targetType", "createdAt")
      VALUES (${old}, ${admin.organizationId}, 'data.exported', 'system', 'Orbit', 'organization', now() - interval '366 days')`;
    expect(await db.auditEvent.deleteMany({ where: { id: old } })).toEqual({ count: 1 });
    expect((await entriesOf(admin.organizationId)).map((row) => row.id)).toContain(entry!.id);

    await db.organization.delete({ where: { id: admin.organizationId } });
    expect(await entriesOf(admin.organizationId)).toEqual([]);
  });
});
