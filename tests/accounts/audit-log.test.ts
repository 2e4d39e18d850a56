// The audit log (app-api section 15) through HTTP: each action writes its entry with its actor, target
// and changed fields; a refused action writes none; admins read it (filters, keyset pages, CSV), members
// get 403, API keys need audit:read and the plan, and no organization sees another's entries.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { pruneWebhookHistory } from "@/server/webhooks/retention";
import { expectAppErrorEnvelope, expectErrorEnvelope } from "../harness/assertions";
import { addMember, apiClient, createApiKey, insertTimeLog, signUpOrganization, teamWithBillableTime, type SignedInUser } from "../harness/factories";
import { csv, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";
import { createEndpoint, stubDns } from "../harness/webhook-endpoints";

const AGENT = { headers: { "user-agent": "AuditProbe/1.0" } };

type Entry = { id: string; action: string; actor: { type: string; id: string | null; name: string }; target: { type: string; id: string | null; label: string | null }; ip: string | null; userAgent: string | null; metadata: Record<string, any>; createdAt: string };

async function entries(admin: SignedInUser, query = ""): Promise<Entry[]> {
  const response = await admin.client.get(`/api/app/audit-events?limit=100${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function only(admin: SignedInUser, action: string): Promise<Entry> {
  const found = await entries(admin, `&action=${action}`);
  expect(found, action).toHaveLength(1);
  return found[0]!;
}

let dns: ReturnType<typeof stubDns>;
beforeEach(() => {
  dns = stubDns();
});
afterEach(() => dns.restore());

describe("the audit log records", () => {
  it("plan, members, invitations and API keys by the signed-in admin, with target, changed fields, address and user agent", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    expect(await entries(admin)).toEqual([]);

    expect((await admin.client.put("/api/app/organization/plan", { plan: "pro" }, AGENT)).status).toBe(200);
    const plan = await only(admin, "organization.plan_changed");
    expect(plan).toMatchObject({ actor: { type: "user", id: admin.userId, name: "Ada Admin" }, target: { type: "organization", id: admin.organizationId, label: "Acme" }, userAgent: "AuditProbe/1.0" });
    expect(plan.metadata).toEqual({ plan: { from: "free", to: "pro" } });
    expect(plan.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Setting the same plan again changes nothing and records nothing.
    expect((await admin.client.put("/api/app/organization/plan", { plan: "pro" })).status).toBe(200);
    expect(await entries(admin, "&action=organization.plan_changed")).toHaveLength(1);

    const member = await addMember(admin);
    expect(await only(admin, "member.invited")).toMatchObject({ target: { type: "user", id: member.userId, label: member.email }, metadata: { role: "member", via: "added" } });
    const invite = await admin.client.post("/api/app/invites", { email: "newcomer@example.com", role: "admin" });
    expect(invite.status, invite.text).toBe(201);
    const invited = (await entries(admin, "&action=member.invited"))[0]!;
    expect(invited).toMatchObject({ target: { type: "invite", label: "newcomer@example.com" }, metadata: { role: "admin", via: "invite" } });
    expect(JSON.stringify(invited)).not.toContain(invite.body.data.url.split("/").pop());

    expect((await admin.client.patch(`/api/app/members/${member.userId}`, { role: "admin" })).status).toBe(200);
    expect(await only(admin, "member.role_changed")).toMatchObject({ target: { id: member.userId, label: member.email }, metadata: { role: { from: "member", to: "admin" } } });
    expect((await admin.client.post(`/api/app/members/${member.userId}/deactivate`)).status).toBe(200);
    expect(await only(admin, "member.deactivated")).toMatchObject({ target: { type: "user", id: member.userId } });
    expect((await admin.client.post(`/api/app/members/${member.userId}/reactivate`)).status).toBe(200);
    expect((await admin.client.post(`/api/app/members/${member.userId}/reactivate`)).status).toBe(200);
    expect(await only(admin, "member.reactivated")).toMatchObject({ target: { type: "user", id: member.userId } });

    const key = await createApiKey(admin, ["tasks:read", "audit:read"], { name: "SIEM", rateLimitPerHour: 500 });
    const created = await only(admin, "api_key.created");
    expect(created).toMatchObject({ target: { type: "api_key", id: key.id, label: "SIEM" }, metadata: { scopes: ["tasks:read", "audit:read"], rateLimitPerHour: 500, expiresAt: null } });
    expect(JSON.stringify(created)).not.toContain(key.key);
    expect((await admin.client.delete(`/api/app/api-keys/${key.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/app/api-keys/${key.id}`)).status).toBe(200);
    expect(await only(admin, "api_key.revoked")).toMatchObject({ target: { type: "api_key", id: key.id, label: "SIEM" } });
  });

  it("nothing for an action that is refused or fails", async () => {
    const admin = await signUpOrganization();
    // The last admin cannot be demoted or deactivated (409); a free plan cannot create keys (402); a bad body is a 400.
    expect((await admin.client.patch(`/api/app/members/${admin.userId}`, { role: "member" })).status).toBe(409);
    expect((await admin.client.post(`/api/app/members/${admin.userId}/deactivate`)).status).toBe(409);
    expect((await admin.client.post("/api/app/api-keys", { name: "k", scopes: ["*"] })).status).toBe(402);
    expect((await admin.client.post("/api/app/members", { email: "not-an-email", password: "x", name: "" })).status).toBe(400);
    expect((await admin.client.post("/api/app/invoices/inv_missing/issue")).status).toBe(404);
    expect(await entries(admin)).toEqual([]);
  });

  it("webhook endpoints: created, updated with the changed fields, disabled by an admin, secret rotated, deleted; never a secret", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const created = await only(admin, "webhook_endpoint.created");
    expect(created).toMatchObject({ target: { type: "webhook_endpoint", id: endpoint.id, label: endpoint.url }, metadata: { url: endpoint.url, eventTypes: ["time_log.created"], signing: "hmac" } });

    expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { description: "Payroll", eventTypes: ["time_log.created"] })).status).toBe(200);
    expect((await only(admin, "webhook_endpoint.updated")).metadata).toEqual({ changes: { description: { from: "Billing sync", to: "Payroll" } } });
    expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false })).status).toBe(200);
    expect(await only(admin, "webhook_endpoint.disabled")).toMatchObject({ actor: { type: "user", id: admin.userId }, metadata: { reason: "manual" } });
    expect(await entries(admin, "&action=webhook_endpoint.updated")).toHaveLength(1);

    const rotated = await admin.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, { overlapSeconds: 60 });
    expect(rotated.status, rotated.text).toBe(200);
    expect(await only(admin, "webhook_endpoint.secret_rotated")).toMatchObject({ target: { id: endpoint.id }, metadata: { overlapSeconds: 60 } });
    expect((await admin.client.delete(`/api/app/webhooks/${endpoint.id}`)).status).toBe(200);
    expect(await only(admin, "webhook_endpoint.deleted")).toMatchObject({ target: { type: "webhook_endpoint", id: endpoint.id, label: endpoint.url } });
    expect((await admin.client.delete(`/api/app/webhooks/${endpoint.id}`)).status).toBe(404);
    expect(await entries(admin, "&action=webhook_endpoint.deleted")).toHaveLength(1);

    const all = JSON.stringify(await entries(admin));
    expect(all).not.toContain(endpoint.secret);
    expect(all).not.toContain(rotated.body.data.secret);
    expect(all).not.toMatch(/whsec_/);
  });

  it("invoices created and moved, another member's time log deleted by an admin (not one's own), exports and imports", { timeout: 120_000 }, async () => {
    const { admin, member, globex } = await teamWithBillableTime();
    const invoice = await admin.client.post("/api/app/invoices", { customerId: globex.id, periodStart: "2026-03-01T00:00:00Z", periodEnd: "2026-04-01T00:00:00Z" });
    expect(invoice.status, invoice.text).toBe(201);
    expect(await only(admin, "invoice.created")).toMatchObject({ target: { type: "invoice", id: invoice.body.data.id, label: invoice.body.data.number }, metadata: { customerId: globex.id, currency: "USD" } });
    expect((await admin.client.post(`/api/app/invoices/${invoice.body.data.id}/issue`)).status).toBe(200);
    expect((await admin.client.post(`/api/app/invoices/${invoice.body.data.id}/issue`)).status).toBe(409);
    expect(await only(admin, "invoice.status_changed")).toMatchObject({ metadata: { status: { from: "draft", to: "issued" } } });

    const theirs = await insertTimeLog(member, { startedAt: "2026-05-04T09:00:00Z", description: "Standup" });
    const mine = await insertTimeLog(admin, { startedAt: "2026-05-04T10:00:00Z" });
    const ownOfMember = await insertTimeLog(member, { startedAt: "2026-05-05T10:00:00Z" });
    expect((await admin.client.delete(`/api/app/time-logs/${mine.id}`)).status).toBe(200);
    expect((await member.client.delete(`/api/app/time-logs/${ownOfMember.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/app/time-logs/${theirs.id}`)).status).toBe(200);
    const deleted = await only(admin, "time_log.deleted");
    expect(deleted).toMatchObject({ actor: { type: "user", id: admin.userId }, target: { type: "time_log", id: theirs.id, label: "Standup" }, metadata: { userId: member.userId, userEmail: member.email, durationSeconds: 600 } });

    const exported = await member.client.get("/api/app/export");
    expect(exported.status).toBe(200);
    expect(await only(admin, "data.exported")).toMatchObject({ actor: { type: "user", id: member.userId }, metadata: { export: "archive", scope: "own time" } });

    const file = csv(TOGGL_HEADER, [togglRow({ user: "Max", email: member.email, client: "Initech", description: "Call", date: "2026-06-01", start: "09:00:00", duration: "00:30:00" })]);
    expect((await upload(admin, { source: "toggl" }, file)).status).toBe(200);
    expect(await entries(admin, "&action=data.imported")).toEqual([]);
    const imported = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(imported.status, imported.text).toBe(200);
    expect(await only(admin, "data.imported")).toMatchObject({ target: { type: "time_log_import", label: "toggl" }, metadata: { source: "toggl", logs: 1, customers: 1, members: 1 } });
  });
});

describe("reading the audit log", () => {
  it("is for admins: members get 403 on the route and its CSV", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    expectAppErrorEnvelope(await member.client.get("/api/app/audit-events"), 403, "forbidden");
    expectAppErrorEnvelope(await member.client.get("/api/app/audit-events?format=csv"), 403, "forbidden");
  });

  it("filters by action, actor, target type and time, pages newest first to the end, and refuses bad filters", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const second = await addMember(admin, "admin");
    for (let index = 0; index < 3; index += 1) await createApiKey(admin, ["tasks:read"], { name: `key ${index}` });
    await createApiKey(second, ["tasks:read"], { name: "theirs" });

    const all = await entries(admin);
    // The second admin's login (addMember signs them in) is recorded too.
    expect(all.map((entry) => entry.action)).toEqual(["api_key.created", "api_key.created", "api_key.created", "api_key.created", "auth.login_succeeded", "member.invited", "organization.plan_changed"]);
    const times = all.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await entries(admin, `&actorId=${second.userId}`)).map((entry) => entry.target.label)).toEqual(["theirs", second.email]);
    expect((await entries(admin, "&targetType=user")).map((entry) => entry.action)).toEqual(["auth.login_succeeded", "member.invited"]);
    expect(await entries(admin, `&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await entries(admin, `&to=${encodeURIComponent(all.at(-1)!.createdAt)}`)).toEqual([]);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await admin.client.get(`/api/app/audit-events?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(response.status, response.text).toBe(200);
      seen.push(...response.body.data.map((entry: Entry) => entry.id));
      if (!response.body.pagination.hasMore) break;
      cursor = response.body.pagination.cursor;
    }
    expect(seen).toEqual(all.map((entry) => entry.id));

    for (const [query, field] of [["action=member.promoted", "action"], ["from=yesterday", "from"], ["limit=0", "limit"], ["cursor=forged", "cursor"], [`targetType=${encodeURIComponent("Robert'); DROP")}`, "targetType"], [`from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`, "to"]] as const) {
      const response = await admin.client.get(`/api/app/audit-events?${query}`);
      expectAppErrorEnvelope(response, 400, "validation_error");
      expect((response.body.details ?? []).map((detail: { field: string }) => detail.field), `${query}: ${response.text}`).toContain(field);
    }
  });

  it("exports the filtered entries as CSV with the formula guard, and records the export", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    await createApiKey(admin, ["tasks:read"], { name: "=HYPERLINK(\"http://evil\")" });
    const response = await admin.client.get("/api/app/audit-events?format=csv&action=api_key.created");
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.text.trim().split("\r\n");
    expect(lines[0]).toBe("time,action,action_words,actor_type,actor_id,actor_name,target_type,target_id,target_label,ip,user_agent,metadata,id");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`api_key.created,Created an API key,user,${admin.userId},Ada Admin,api_key`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(await only(admin, "data.exported")).toMatchObject({ target: { type: "audit_log" }, metadata: { export: "audit_log", filters: { action: "api_key.created" } } });
    expectAppErrorEnvelope(await admin.client.get("/api/app/audit-events?format=xml"), 400, "validation_error");
  });

  it("over /api/v1 with audit:read (granted by *): the same entries; another scope 403, a free plan 402, never another organization's", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const reader = await createApiKey(admin, ["audit:read"], { name: "SIEM" });
    const everything = await createApiKey(admin, ["*"], { name: "all" });
    const other = await createApiKey(admin, ["events:read"], { name: "events" });
    const stranger = await signUpOrganization({ plan: "pro" });
    await createApiKey(stranger, ["tasks:read"], { name: "stranger's key" });

    const response = await apiClient(reader.key).get("/api/v1/audit-events?action=api_key.created&limit=2");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((entry: Entry) => entry.target.label)).toEqual(["events", "all"]);
    expect(response.body.pagination.hasMore).toBe(true);
    const rest = await apiClient(everything.key).get(`/api/v1/audit-events?action=api_key.created&limit=2&cursor=${response.body.pagination.cursor}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data.map((entry: Entry) => entry.target.label)).toEqual(["SIEM"]);
    expect(rest.body.pagination.hasMore).toBe(false);
    expect(JSON.stringify(rest.body)).not.toContain("stranger");
    expect(Object.keys(rest.body.data[0]).sort()).toEqual(["action", "actor", "createdAt", "id", "ip", "metadata", "target", "userAgent"]);

    expectErrorEnvelope(await apiClient(other.key).get("/api/v1/audit-events"), 403, "forbidden");
    expectErrorEnvelope(await apiClient(reader.key).get("/api/v1/audit-events?format=csv"), 400, "validation_error");
    // Reading writes nothing.
    expect(await entries(admin, "&action=data.exported")).toEqual([]);
    expect((await stranger.client.get("/api/app/audit-events")).body.data.map((entry: Entry) => entry.target.label)).toEqual(["stranger's key", "Acme"]);

    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    expectErrorEnvelope(await apiClient(reader.key).get("/api/v1/audit-events"), 402, "plan_required");
  });
});

describe("audit retention", () => {
  it("deletes entries older than 365 days in bounded batches beside the webhook history, and keeps the rest", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const db = await getDb();
    const insert = (id: string, days: number) => db.$executeRaw`INSERT INTO "AuditEvent" ("id", "organizationId", "action", "actorType", "actorName", "targetType", "createdAt")
      VALUES (${id}, ${admin.organizationId}, 'data.exported', 'system', 'Orbit', 'organization', now() - make_interval(days => ${days}::int))`;
    await insert("aud_retention_old_1", 400);
    await insert("aud_retention_old_2", 366);
    await insert("aud_retention_kept", 364);
    expect((await pruneWebhookHistory(db, { retentionDays: 30, batch: 1 })).auditEvents).toBe(1);
    expect((await pruneWebhookHistory(db, { retentionDays: 30, batch: 1 })).auditEvents).toBe(1);
    expect((await pruneWebhookHistory(db, { retentionDays: 30, batch: 1 })).auditEvents).toBe(0);
    const kept = (await entries(admin)).map((entry) => entry.id);
    expect(kept).toContain("aud_retention_kept");
    expect(kept).toHaveLength(2);
  });
});
