// Pending invitations in Settings → Members: admins list the ones not accepted yet (REST and tRPC alike)
// and withdraw one, which ends its link at once; nothing of another organization is reachable.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectAppErrorEnvelope } from "../harness/assertions";
import { failureOf, memberInApp, signUpInApp } from "../harness/app-sessions";
import { signUpOrganization, uniqueEmail } from "../harness/factories";
import { TestClient } from "../harness/http";

describe("pending invitations", () => {
  it("lists invitations not accepted yet, newest first in keyset pages, with expired ones marked and no token", async () => {
    const admin = await signUpOrganization();
    const emails = [uniqueEmail("first"), uniqueEmail("second"), uniqueEmail("third")];
    const tokens: string[] = [];
    for (const email of emails) {
      const sent = await admin.client.post("/api/app/invites", { email, role: "member" });
      expect(sent.status, sent.text).toBe(201);
      tokens.push(sent.body.data.url.split("/invite/")[1]);
    }
    // The first is accepted (it leaves the list), the second has expired (it stays, marked).
    expect((await new TestClient().post(`/api/app/invites/${tokens[0]}/accept`, { name: "Nia", password: "correct horse battery" })).status).toBe(201);
    await (await getDb()).invite.updateMany({ where: { organizationId: admin.organizationId, email: emails[1] }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const stranger = await signUpOrganization();
    await stranger.client.post("/api/app/invites", { email: uniqueEmail("theirs"), role: "admin" });

    const firstPage = await admin.client.get("/api/app/invites?limit=1");
    expect(firstPage.status, firstPage.text).toBe(200);
    expect(firstPage.body.data).toEqual([
      { id: expect.any(String), email: emails[2], role: "member", invitedBy: "Ada Admin", createdAt: expect.any(String), expiresAt: expect.any(String), isExpired: false },
    ]);
    expect(firstPage.body.pagination.hasMore).toBe(true);
    const secondPage = await admin.client.get(`/api/app/invites?limit=1&cursor=${firstPage.body.pagination.cursor}`);
    expect(secondPage.body.data.map((invite: { email: string; isExpired: boolean }) => [invite.email, invite.isExpired])).toEqual([[emails[1], true]]);
    expect(secondPage.body.pagination.hasMore).toBe(false);
    for (const token of tokens) expect(firstPage.text + secondPage.text).not.toContain(token);
  });

  it("an admin withdraws one: its link stops working at once; accepted, unknown or foreign ones are 404", async () => {
    const admin = await signUpInApp();
    const sent = await admin.api.invites.create.mutate({ email: uniqueEmail("withdrawn"), role: "member" });
    const token = sent.url.split("/invite/")[1];
    const pending = (await admin.api.invites.list.query({})).items[0]!;
    expect(await admin.api.invites.revoke.mutate({ id: pending.id })).toEqual({ id: pending.id });
    expect((await admin.api.invites.list.query({})).items).toEqual([]);
    expectAppErrorEnvelope(await new TestClient().get(`/api/app/invites/${token}`), 404, "not_found");
    expectAppErrorEnvelope(await new TestClient().post(`/api/app/invites/${token}/accept`, { name: "Late", password: "correct horse battery" }), 404, "not_found");
    expect((await failureOf(admin.api.invites.revoke.mutate({ id: pending.id }))).code).toBe("not_found");

    const other = await signUpInApp();
    await other.api.invites.create.mutate({ email: uniqueEmail("theirs"), role: "member" });
    const theirs = (await other.api.invites.list.query({})).items[0]!;
    expect((await failureOf(admin.api.invites.revoke.mutate({ id: theirs.id }))).code).toBe("not_found");
    expect((await other.api.invites.list.query({})).items.map((invite) => invite.id)).toEqual([theirs.id]);
  });

  it("is for admins only", async () => {
    const admin = await signUpInApp();
    await admin.api.invites.create.mutate({ email: uniqueEmail("pending"), role: "member" });
    const pending = (await admin.api.invites.list.query({})).items[0]!;
    const member = await memberInApp(admin);
    expect((await failureOf(member.api.invites.list.query({}))).code).toBe("forbidden");
    expect((await failureOf(member.api.invites.revoke.mutate({ id: pending.id }))).code).toBe("forbidden");
    expect((await admin.api.invites.list.query({})).items).toHaveLength(1);
    expectAppErrorEnvelope(await new TestClient().get("/api/app/invites"), 401, "unauthorized");
  });
});
