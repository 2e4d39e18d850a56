// The team: the members list (/api/app/members, organization.listMembers), roles, deactivation
// (organization.setMemberRole, deactivateMember, reactivateMember) and invitations (invites.*).
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, PASSWORD, type SignedInUser, signUpOrganization, uniqueEmail } from "../harness/factories";
import { TestClient } from "../harness/http";
import { getDb } from "@/server/db";
import { expectErrorEnvelope } from "../harness/assertions";

const logIn = (email: string, password = PASSWORD) => new TestClient().post("/api/app/auth/login", { email, password });

describe("members", () => {
  it("lists the organization's members to every member, keyset-paginated", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await addMember(admin);
    await addMember(await signUpOrganization());

    const first = await member.client.get("/api/app/members?limit=2");
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.pagination.hasMore).toBe(true);
    const rest = await member.client.get(`/api/app/members?limit=2&cursor=${first.body.pagination.cursor}`);
    const all = [...first.body.data, ...rest.body.data];
    expect(all.map((row: { userId: string }) => row.userId).sort()).toHaveLength(3);
    expect(all.find((row: { userId: string }) => row.userId === admin.userId)).toMatchObject({ userId: admin.userId, name: "Ada Admin", email: admin.email, role: "admin", deactivatedAt: null });
    expectErrorEnvelope(await new TestClient().get("/api/app/members"), 401, "unauthorized");
  });

  it("changes roles as an admin only, and never demotes the last admin", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);

    const refused = await member.client.patch(`/api/app/members/${admin.userId}`, { role: "member" });
    expectErrorEnvelope(refused, 403, "forbidden");
    expect(refused.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    expectErrorEnvelope(await admin.client.patch(`/api/app/members/${admin.userId}`, { role: "member" }), 409, "conflict");
    expectErrorEnvelope(await admin.client.patch(`/api/app/members/${member.userId}`, { role: "owner" }), 400, "validation_error");

    const promoted = await admin.client.patch(`/api/app/members/${member.userId}`, { role: "admin" });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.data).toMatchObject({ userId: member.userId, role: "admin" });
    // Two admins now: either may step down, the second may not.
    expect((await admin.client.patch(`/api/app/members/${admin.userId}`, { role: "member" })).status).toBe(200);
    expectErrorEnvelope(await member.client.patch(`/api/app/members/${member.userId}`, { role: "member" }), 409, "conflict");

    const stranger = await signUpOrganization();
    expectErrorEnvelope(await member.client.patch(`/api/app/members/${stranger.userId}`, { role: "member" }), 404, "not_found");
  });

  it("deactivates a member: no login, their sessions end at once, their time stays in reports and invoices", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 6_000 });
    await (await getDb()).timeLog.create({
      data: { organizationId: admin.organizationId, userId: member.userId, customerId: customer.id, source: "manual", startedAt: new Date("2026-03-02T10:00:00Z"), durationSeconds: 3_600 },
    });
    expect((await member.client.get("/api/app/me")).status).toBe(200);

    expectErrorEnvelope(await member.client.post(`/api/app/members/${admin.userId}/deactivate`), 403, "forbidden");
    const deactivated = await admin.client.post(`/api/app/members/${member.userId}/deactivate`);
    expect(deactivated.status, deactivated.text).toBe(200);
    expect(deactivated.body.data.deactivatedAt).toEqual(expect.any(String));

    expectErrorEnvelope(await member.client.get("/api/app/me"), 401, "unauthorized");
    const login = await logIn(member.email);
    expectErrorEnvelope(login, 401, "unauthorized");
    expect(login.body.message).toMatch(/deactivated/);
    expect((await logIn(member.email, "wrong password")).body.message).toBe("Email or password is incorrect.");
    // Both refusals of an existing user are in the audit log, each with its reason.
    const failures = await (await getDb()).auditEvent.findMany({ where: { organizationId: admin.organizationId, action: "auth.login_failed" }, orderBy: { createdAt: "asc" } });
    expect(failures.map((entry) => [entry.targetId, entry.metadata])).toEqual([
      [member.userId, { reason: "deactivated" }],
      [member.userId, { reason: "password" }],
    ]);

    const report = await admin.client.get("/api/app/reports/time?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z&groupBy=member");
    expect(report.body.data.groups).toEqual([expect.objectContaining({ key: member.userId, label: "Max Member", seconds: 3_600 })]);
    const invoice = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-03-01T00:00:00Z", periodEnd: "2026-03-31T00:00:00Z" });
    expect(invoice.body.data.totalCents).toBe(6_000);
    const listed = await admin.client.get("/api/app/members");
    expect(listed.body.data.find((row: { userId: string }) => row.userId === member.userId).deactivatedAt).toEqual(expect.any(String));

    const reactivated = await admin.client.post(`/api/app/members/${member.userId}/reactivate`);
    expect(reactivated.body.data.deactivatedAt).toBeNull();
    expect((await logIn(member.email)).status).toBe(200);
    expectErrorEnvelope(await member.client.get("/api/app/me"), 401, "unauthorized"); // the old session stays ended
  });

  it("never deactivates the last active admin", async () => {
    const admin = await signUpOrganization();
    const second = await addMember(admin, "admin");
    expectErrorEnvelope(await new TestClient().post(`/api/app/members/${admin.userId}/deactivate`), 401, "unauthorized");
    expect((await second.client.post(`/api/app/members/${admin.userId}/deactivate`)).status).toBe(200);
    expectErrorEnvelope(await second.client.post(`/api/app/members/${second.userId}/deactivate`), 409, "conflict");
    // A deactivated admin does not count as the other admin when demoting.
    expectErrorEnvelope(await second.client.patch(`/api/app/members/${second.userId}`, { role: "member" }), 409, "conflict");
    expectErrorEnvelope(await second.client.post(`/api/app/members/missing/deactivate`), 404, "not_found");
  });

  it("lets only one of two admins stepping down at once succeed", async () => {
    const admin = await signUpOrganization();
    const second = await addMember(admin, "admin");
    const [a, b] = await Promise.all([
      admin.client.patch(`/api/app/members/${admin.userId}`, { role: "member" }),
      second.client.post(`/api/app/members/${second.userId}/deactivate`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const admins = await (await getDb()).user.count({ where: { organizationId: admin.organizationId, role: "admin", deactivatedAt: null } });
    expect(admins).toBe(1);
  });

  it("ends a deactivated owner's shared reports", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const saved = await member.client.post("/api/app/reports/saved", { name: "Mine", query: { range: "this_month", groupBy: "day" } });
    const { body } = await member.client.post(`/api/app/reports/saved/${saved.body.data.id}/share`);
    const path = `/api/public/reports/${body.data.url.split("/r/")[1]}`;
    expect((await new TestClient().get(path)).status).toBe(200);
    await admin.client.post(`/api/app/members/${member.userId}/deactivate`);
    expectErrorEnvelope(await new TestClient().get(path), 404, "not_found");
  });
});

describe("invites", () => {
  async function invite(admin: SignedInUser, role: "admin" | "member" = "member") {
    const email = uniqueEmail("invited");
    const response = await admin.client.post("/api/app/invites", { email: email.toUpperCase(), role });
    expect(response.status, response.text).toBe(201);
    return { email, ...response.body.data, token: response.body.data.url.split("/invite/")[1] as string };
  }

  it("invites by a link valid 7 days that opens once and signs the new member in", async () => {
    const admin = await signUpOrganization({ name: "Initech" });
    const sent = await invite(admin, "admin");
    expect(sent.url).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(sent.isMailed).toBe(false);
    const days = (Date.parse(sent.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await (await getDb()).invite.findFirstOrThrow({ where: { organizationId: admin.organizationId } });
    expect(JSON.stringify(stored)).not.toContain(sent.token);

    const visitor = new TestClient();
    const shown = await visitor.get(`/api/app/invites/${sent.token}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data).toEqual({ email: sent.email, role: "admin", organizationName: "Initech", invitedBy: "Ada Admin", expiresAt: sent.expiresAt });

    expectErrorEnvelope(await visitor.post(`/api/app/invites/${sent.token}/accept`, { name: "Nia", password: "short" }), 400, "validation_error");
    const accepted = await visitor.post(`/api/app/invites/${sent.token}/accept`, { name: "Nia New", password: PASSWORD });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.data).toMatchObject({ user: { email: sent.email, name: "Nia New" }, organization: { id: admin.organizationId }, role: "admin" });
    expect((await visitor.get("/api/app/me")).body.data.user.email).toBe(sent.email);
    expect((await logIn(sent.email)).status).toBe(200);

    expectErrorEnvelope(await new TestClient().post(`/api/app/invites/${sent.token}/accept`, { name: "Again", password: PASSWORD }), 404, "not_found");
    expectErrorEnvelope(await new TestClient().get(`/api/app/invites/${sent.token}`), 404, "not_found");
  });

  it("gives the new member the browser's zone sent with the acceptance, and UTC for a missing or unknown one", async () => {
    const admin = await signUpOrganization();
    const zoneAfterAccepting = async (timeZone: string | undefined) => {
      const sent = await invite(admin);
      const visitor = new TestClient();
      const accepted = await visitor.post(`/api/app/invites/${sent.token}/accept`, { name: "Nia New", password: PASSWORD, timeZone });
      expect(accepted.status, accepted.text).toBe(201);
      expect(accepted.body.data.preferences.timeZone).toBe((await visitor.get("/api/app/me/preferences")).body.data.timeZone);
      return accepted.body.data.preferences.timeZone;
    };
    expect(await zoneAfterAccepting("Europe/Berlin")).toBe("Europe/Berlin");
    expect(await zoneAfterAccepting("Nowhere/Land")).toBe("UTC");
    expect(await zoneAfterAccepting(undefined)).toBe("UTC");
  });

  it("accepts an invite once when two people use it at the same moment", async () => {
    const admin = await signUpOrganization();
    const sent = await invite(admin);
    const [a, b] = await Promise.all([
      new TestClient().post(`/api/app/invites/${sent.token}/accept`, { name: "One", password: PASSWORD }),
      new TestClient().post(`/api/app/invites/${sent.token}/accept`, { name: "Two", password: PASSWORD }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 404]);
  });

  it("refuses members, taken emails, bad input and expired links", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    expectErrorEnvelope(await member.client.post("/api/app/invites", { email: uniqueEmail(), role: "member" }), 403, "forbidden");
    expectErrorEnvelope(await admin.client.post("/api/app/invites", { email: member.email, role: "member" }), 409, "conflict");
    expectErrorEnvelope(await admin.client.post("/api/app/invites", { email: "not an email", role: "member" }), 400, "validation_error");
    expectErrorEnvelope(await admin.client.post("/api/app/invites", { email: uniqueEmail(), role: "owner" }), 400, "validation_error");
    expect(await (await getDb()).invite.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const sent = await invite(admin);
    await (await getDb()).invite.updateMany({ where: { organizationId: admin.organizationId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectErrorEnvelope(await new TestClient().get(`/api/app/invites/${sent.token}`), 404, "not_found");
    expectErrorEnvelope(await new TestClient().post(`/api/app/invites/${sent.token}/accept`, { name: "Late", password: PASSWORD }), 404, "not_found");
    expectErrorEnvelope(await new TestClient().get("/api/app/invites/unknown"), 404, "not_found");
  });
});
