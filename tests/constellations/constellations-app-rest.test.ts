// In-app constellation routes (app-api sections 4 and 17): archive and unarchive, admins and members the organization lets manage projects.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, apiOrganization, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";
import { CONSTELLATION_KEYS, ISO_UTC, expectKeys } from "../harness/resource-lists";

async function createConstellation(organizationId: string, title = "Launch") {
  return (await getDb()).constellation.create({ data: { organizationId, title, retrospective: "retro-marker", boardLayout: { lanes: ["layout-marker"] } } });
}

describe("POST /api/app/constellations/:id/archive and /unarchive", () => {
  it("a member the organization lets manage them archives and unarchives; both are idempotent; lists follow", async () => {
    const { admin, api } = await apiOrganization(["constellations:read"]);
    const member = await addMember(admin);
    expect((await admin.client.patch("/api/app/organization/settings", { membersManageCustomers: true })).status).toBe(200);
    const constellation = await createConstellation(admin.organizationId);

    const archived = await member.client.post(`/api/app/constellations/${constellation.id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    expect(Object.keys(archived.body).sort()).toEqual(["data", "meta"]);
    expectKeys(archived.body.data, CONSTELLATION_KEYS);
    expect(archived.body.data).toMatchObject({ id: constellation.id, title: "Launch", archived: true, archivedAt: expect.stringMatching(ISO_UTC) });
    expect(archived.text).not.toContain("marker");
    const stored = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: constellation.id } });
    expect(stored.archived).toBe(true);
    expect(stored.archivedAt?.toISOString()).toBe(archived.body.data.archivedAt);
    expect(stored.retrospective).toBe("retro-marker");

    const again = await admin.client.post(`/api/app/constellations/${constellation.id}/archive`);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ archived: true, archivedAt: archived.body.data.archivedAt, updatedAt: archived.body.data.updatedAt });

    expect((await api.get("/api/v1/constellations")).body.data).toEqual([]);
    expect((await api.get("/api/v1/constellations?includeArchived=true")).body.data.map((row: { id: string }) => row.id)).toEqual([constellation.id]);

    const restored = await member.client.post(`/api/app/constellations/${constellation.id}/unarchive`);
    expect(restored.status).toBe(200);
    expectKeys(restored.body.data, CONSTELLATION_KEYS);
    expect(restored.body.data).toMatchObject({ archived: false, archivedAt: null });
    const restoredAgain = await admin.client.post(`/api/app/constellations/${constellation.id}/unarchive`);
    expect(restoredAgain.status).toBe(200);
    expect(restoredAgain.body.data).toMatchObject({ archived: false, archivedAt: null, updatedAt: restored.body.data.updatedAt });
    expect((await api.get("/api/v1/constellations")).body.data.map((row: { id: string }) => row.id)).toEqual([constellation.id]);
  });

  it("another organization's constellation and an unknown id are 404 and stay as they were; no session is 401", async () => {
    const admin = await signUpOrganization();
    const stranger = await signUpOrganization();
    const theirs = await createConstellation(stranger.organizationId, "Theirs");
    for (const action of ["archive", "unarchive"]) {
      for (const id of [theirs.id, "does-not-exist"]) {
        const response = await admin.client.post(`/api/app/constellations/${id}/${action}`);
        expect(response.status).toBe(404);
        expect(response.body.error).toBe("not_found");
        expect(response.text).not.toContain("Theirs");
      }
      const anonymous = await new TestClient().post(`/api/app/constellations/${theirs.id}/${action}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe("unauthorized");
    }
    const cross = await admin.client.post(`/api/app/constellations/${theirs.id}/archive`, undefined, { headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    const row = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(row.archived).toBe(false);
    expect(row.archivedAt).toBeNull();
  });
});
