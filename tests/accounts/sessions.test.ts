// Sessions as records (app-api section 15) through HTTP: each sign-in is a session the person can
// list (device, address, last seen, this one marked) and sign out from another browser, one or every
// other; logout, a password change and deactivation end them at once; maintenance prunes ended rows.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { pruneSessions } from "@/server/lib/session-retention";
import { TestClient } from "../harness/http";
import { addMember, PASSWORD, signUpOrganization } from "../harness/factories";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signIn(email: string, userAgent: string, address = "203.0.113.40") {
  const client = new TestClient({ "user-agent": userAgent, "x-forwarded-for": address });
  const response = await client.post("/api/app/auth/login", { email, password: PASSWORD });
  expect(response.status, response.text).toBe(200);
  return client;
}

describe("GET /api/app/me/sessions", () => {
  it("lists the person's signed-in sessions, newest first, with this one marked", async () => {
    const admin = await signUpOrganization();
    const laptop = await signIn(admin.email, FIREFOX, "203.0.113.41");
    const phone = await signIn(admin.email, SAFARI, "203.0.113.42");
    const listed = await laptop.get("/api/app/me/sessions");
    expect(listed.status, listed.text).toBe(200);
    const sessions = listed.body.data;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: false, userAgent: SAFARI, ip: "203.0.113.42" });
    expect(sessions[1]).toMatchObject({ current: true, userAgent: FIREFOX, ip: "203.0.113.41" });
    expect(sessions[2]).toMatchObject({ current: false });
    expect(Object.keys(sessions[0]).sort()).toEqual(["createdAt", "current", "id", "ip", "lastSeenAt", "userAgent"]);
    expect(sessions[0].lastSeenAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(listed.body.pagination).toEqual({ hasMore: false });
    // Another person's sessions are not among them.
    const member = await addMember(admin);
    const theirs = (await member.client.get("/api/app/me/sessions")).body.data;
    expect(theirs).toHaveLength(1);
    expect((await phone.get("/api/app/me/sessions")).body.data.map((row: { id: string }) => row.id)).not.toContain(theirs[0].id);
  });

  it("pages by cursor", async () => {
    const admin = await signUpOrganization();
    await signIn(admin.email, FIREFOX);
    await signIn(admin.email, SAFARI);
    const first = await admin.client.get("/api/app/me/sessions?limit=2");
    expect(first.body.data).toHaveLength(2);
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await admin.client.get(`/api/app/me/sessions?limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].current).toBe(true);
  });
});

describe("signing sessions out", () => {
  it("ends one session at once from another browser; its next request is a 401", async () => {
    const admin = await signUpOrganization();
    const phone = await signIn(admin.email, SAFARI);
    const phoneSession = (await phone.get("/api/app/me/sessions")).body.data.find((row: { current: boolean }) => row.current);
    const revoked = await admin.client.delete(`/api/app/me/sessions/${phoneSession.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data).toEqual({ success: true, id: phoneSession.id });
    const next = await phone.get("/api/app/me");
    expect(next.status).toBe(401);
    expect(next.body.error).toBe("unauthorized");
    expect((await admin.client.get("/api/app/me")).status).toBe(200);
    // Ended already, or someone else's: 404, and nothing changes.
    expect((await admin.client.delete(`/api/app/me/sessions/${phoneSession.id}`)).status).toBe(404);
    const member = await addMember(admin);
    const adminSession = (await admin.client.get("/api/app/me/sessions")).body.data[0];
    expect((await member.client.delete(`/api/app/me/sessions/${adminSession.id}`)).status).toBe(404);
    expect((await admin.client.get("/api/app/me")).status).toBe(200);

    const db = await getDb();
    const [entry] = await db.auditEvent.findMany({ where: { organizationId: admin.organizationId, action: "auth.session_revoked" } });
    expect(entry).toMatchObject({ actorId: admin.userId, targetType: "session", targetId: phoneSession.id });
  });

  it("signs out every other session, keeping this one", async () => {
    const admin = await signUpOrganization();
    const laptop = await signIn(admin.email, FIREFOX);
    const phone = await signIn(admin.email, SAFARI);
    const all = await admin.client.delete("/api/app/me/sessions");
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toEqual({ success: true, revoked: 2 });
    expect((await laptop.get("/api/app/me")).status).toBe(401);
    expect((await phone.get("/api/app/me")).status).toBe(401);
    const left = (await admin.client.get("/api/app/me/sessions")).body.data;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });

  it("logout ends the person's sessions and clears the cookie", async () => {
    const admin = await signUpOrganization();
    const phone = await signIn(admin.email, SAFARI);
    const out = await admin.client.post("/api/app/auth/logout");
    expect(out.status).toBe(200);
    expect(admin.client.cookie("tt_session")).toBeUndefined();
    expect((await phone.get("/api/app/me")).status).toBe(401);
  });

  it("a password change ends the other sessions and is recorded", async () => {
    const admin = await signUpOrganization();
    const phone = await signIn(admin.email, SAFARI);
    const changed = await admin.client.post("/api/app/auth/password", { currentPassword: PASSWORD, newPassword: "another long passphrase" });
    expect(changed.status, changed.text).toBe(200);
    expect((await phone.get("/api/app/me")).status).toBe(401);
    expect((await admin.client.get("/api/app/me")).status).toBe(200);
    const db = await getDb();
    expect(await db.auditEvent.count({ where: { organizationId: admin.organizationId, action: "auth.password_changed", actorId: admin.userId } })).toBe(1);
  });

  it("deactivation ends every session of the member", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const second = await signIn(member.email, FIREFOX);
    expect((await admin.client.post(`/api/app/members/${member.userId}/deactivate`)).status).toBe(200);
    expect((await member.client.get("/api/app/me")).status).toBe(401);
    expect((await second.get("/api/app/me")).status).toBe(401);
    const db = await getDb();
    expect(await db.session.count({ where: { userId: member.userId, revokedAt: null } })).toBe(0);
  });
});

describe("session records", () => {
  it("move lastSeenAt at most once a minute", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const [row] = await db.session.findMany({ where: { userId: admin.userId } });
    await admin.client.get("/api/app/me");
    expect((await db.session.findUniqueOrThrow({ where: { id: row!.id } })).lastSeenAt).toEqual(row!.lastSeenAt);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await db.session.update({ where: { id: row!.id }, data: { lastSeenAt: longAgo } });
    await admin.client.get("/api/app/me");
    // Recorded off the response path: it lands just after the answer.
    await expect.poll(async () => (await db.session.findUniqueOrThrow({ where: { id: row!.id } })).lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it("past their time sign nothing in, and ended ones are pruned a bounded batch at a time", async () => {
    const admin = await signUpOrganization();
    const phone = await signIn(admin.email, SAFARI);
    const db = await getDb();
    const expired = new Date(Date.now() - 15 * 24 * 60 * 60_000);
    const phoneRow = (await db.session.findMany({ where: { userId: admin.userId }, orderBy: { createdAt: "desc" } }))[0]!;
    await db.session.update({ where: { id: phoneRow.id }, data: { createdAt: expired } });
    expect((await phone.get("/api/app/me")).status).toBe(401);

    await admin.client.delete("/api/app/me/sessions");
    await signIn(admin.email, FIREFOX);
    const live = await db.session.count({ where: { userId: admin.userId, revokedAt: null, createdAt: { gt: expired } } });
    expect(await pruneSessions(db, { batch: 1 })).toBeGreaterThanOrEqual(1);
    let pruned = 0;
    while ((pruned = await pruneSessions(db)) > 0) expect(pruned).toBeLessThanOrEqual(2_000);
    expect(await db.session.count({ where: { userId: admin.userId } })).toBe(live);
    expect((await admin.client.get("/api/app/me")).status).toBe(200);
  });
});
