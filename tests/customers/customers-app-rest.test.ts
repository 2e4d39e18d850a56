// In-app customer routes (app-api sections 4 and 17): billing settings (admin) and archiving (admins, and members the organization lets manage customers).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, apiOrganization, signUpOrganization, type SignedInUser } from "../harness/factories";
import { TestClient } from "../harness/http";
import { CUSTOMER_KEYS, ISO_UTC, MEMBER_CUSTOMER_KEYS, expectKeys, expectValidationError } from "../harness/resource-lists";

async function createCustomer(user: SignedInUser, name = "Acme") {
  const db = await getDb();
  return db.customer.create({ data: { organizationId: user.organizationId, name, contactEmail: "private@acme.example", notes: "private notes" } });
}

async function billingOf(id: string) {
  const row = await (await getDb()).customer.findUniqueOrThrow({ where: { id } });
  const { hourlyRateCents, fixedRateCents, currency, taxRateBps, roundingIncrementMinutes, roundingMode, billingType, paymentLinkUrl, updatedAt } = row;
  return { hourlyRateCents, fixedRateCents, currency, taxRateBps, roundingIncrementMinutes, roundingMode, billingType, paymentLinkUrl, updatedAt };
}

describe("PATCH /api/app/customers/:id (billing)", () => {
  it("an admin sets every billing field; 200 with the customer in the v1 shape", async () => {
    const admin = await signUpOrganization();
    const customer = await createCustomer(admin);
    const changes = {
      hourlyRateCents: 12_500,
      fixedRateCents: 300_000,
      currency: "EUR",
      taxRateBps: 1900,
      roundingIncrementMinutes: 15,
      roundingMode: "up",
      billingType: "fixed",
      paymentLinkUrl: "https://pay.example/acme",
    };
    const response = await admin.client.patch(`/api/app/customers/${customer.id}`, changes);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_UTC) });
    expectKeys(response.body.data, CUSTOMER_KEYS);
    expect(response.body.data).toMatchObject({ id: customer.id, name: "Acme", ...changes, archived: false, archivedAt: null });
    expect(response.text).not.toContain("private");
    expect(Date.parse(response.body.data.updatedAt)).toBeGreaterThan(customer.updatedAt.getTime());
    expect(await billingOf(customer.id)).toMatchObject(changes);

    const stranger = await apiOrganization(["customers:read"]);
    expect((await stranger.api.get("/api/v1/customers")).body.data).toEqual([]);
  });

  it("changes only the fields sent; rates and the payment link can be cleared with null", async () => {
    const admin = await signUpOrganization();
    const customer = await createCustomer(admin);
    await admin.client.patch(`/api/app/customers/${customer.id}`, { hourlyRateCents: 10_000, fixedRateCents: 5000, paymentLinkUrl: "http://pay.example/x", taxRateBps: 700 });
    const response = await admin.client.patch(`/api/app/customers/${customer.id}`, { hourlyRateCents: null, fixedRateCents: 0, paymentLinkUrl: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ hourlyRateCents: null, fixedRateCents: 0, paymentLinkUrl: null, taxRateBps: 700, currency: "USD", roundingMode: "nearest" });
    for (const [field, value] of [["taxRateBps", 0], ["taxRateBps", 10_000], ["roundingIncrementMinutes", 0], ["roundingIncrementMinutes", 60], ["roundingMode", "down"], ["billingType", "hourly"], ["currency", "JPY"], ["hourlyRateCents", 100_000_000]] as const) {
      const ok = await admin.client.patch(`/api/app/customers/${customer.id}`, { [field]: value });
      expect(ok.status, `${field}=${value} ${ok.text}`).toBe(200);
      expect(ok.body.data[field]).toBe(value);
    }
  });

  it("rejects invalid billing values with 400 naming the field, and changes nothing", async () => {
    const admin = await signUpOrganization();
    const customer = await createCustomer(admin);
    const before = await billingOf(customer.id);
    const cases: Array<[unknown, string]> = [
      [{ currency: "usd" }, "currency"],
      [{ currency: "EURO" }, "currency"],
      [{ currency: "ZZZ" }, "currency"],
      [{ currency: "XXX" }, "currency"],
      [{ currency: null }, "currency"],
      [{ currency: 978 }, "currency"],
      [{ taxRateBps: -1 }, "taxRateBps"],
      [{ taxRateBps: 10_001 }, "taxRateBps"],
      [{ taxRateBps: 1.5 }, "taxRateBps"],
      [{ taxRateBps: "100" }, "taxRateBps"],
      [{ taxRateBps: null }, "taxRateBps"],
      [{ roundingIncrementMinutes: 61 }, "roundingIncrementMinutes"],
      [{ roundingIncrementMinutes: -1 }, "roundingIncrementMinutes"],
      [{ roundingIncrementMinutes: "15" }, "roundingIncrementMinutes"],
      [{ roundingMode: "ceil" }, "roundingMode"],
      [{ roundingMode: null }, "roundingMode"],
      [{ billingType: "monthly" }, "billingType"],
      [{ hourlyRateCents: -1 }, "hourlyRateCents"],
      [{ hourlyRateCents: 10.5 }, "hourlyRateCents"],
      [{ hourlyRateCents: "1000" }, "hourlyRateCents"],
      [{ hourlyRateCents: 100_000_001 }, "hourlyRateCents"],
      [{ fixedRateCents: -5 }, "fixedRateCents"],
      [{ fixedRateCents: true }, "fixedRateCents"],
      [{ paymentLinkUrl: "ftp://pay.example" }, "paymentLinkUrl"],
      [{ paymentLinkUrl: "pay here" }, "paymentLinkUrl"],
      [{ paymentLinkUrl: `https://pay.example/${"x".repeat(2048)}` }, "paymentLinkUrl"],
      [{ name: "Renamed" }, "name"],
      [{ notes: "x", taxRateBps: 5 }, "notes"],
      [{}, "body"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.patch(`/api/app/customers/${customer.id}`, body);
      expectValidationError(response, field);
    }
    expectValidationError(await admin.client.patch(`/api/app/customers/${customer.id}`, ["taxRateBps"]), "body");
    const mixed = await admin.client.patch(`/api/app/customers/${customer.id}`, { taxRateBps: 500, currency: "eur" });
    expectValidationError(mixed, "currency");
    expect(await billingOf(customer.id)).toEqual(before);
    expect((await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } })).name).toBe("Acme");
  });

  it("is admin only: a member gets 403 role and changes nothing; no session is 401", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await createCustomer(admin);
    const response = await member.client.patch(`/api/app/customers/${customer.id}`, { taxRateBps: 100 });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: "forbidden", details: [{ field: "role", message: "admin role required" }] });
    const anonymous = await new TestClient().patch(`/api/app/customers/${customer.id}`, { taxRateBps: 100 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("unauthorized");
    expect((await billingOf(customer.id)).taxRateBps).toBe(0);
  });

  it("another organization's customer and an unknown id are 404, and nothing changes", async () => {
    const admin = await signUpOrganization();
    const stranger = await signUpOrganization();
    const theirs = await createCustomer(stranger, "Theirs");
    for (const id of [theirs.id, "does-not-exist"]) {
      const response = await admin.client.patch(`/api/app/customers/${id}`, { taxRateBps: 100 });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
      expect(response.text).not.toContain("Theirs");
    }
    expect((await billingOf(theirs.id)).taxRateBps).toBe(0);
  });

  it("refuses a cross-origin request", async () => {
    const admin = await signUpOrganization();
    const customer = await createCustomer(admin);
    const response = await admin.client.patch(`/api/app/customers/${customer.id}`, { taxRateBps: 100 }, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect((await billingOf(customer.id)).taxRateBps).toBe(0);
  });
});

describe("POST /api/app/customers/:id/archive and /unarchive", () => {
  it("a member the organization lets manage them archives and unarchives; both are idempotent; lists follow", async () => {
    const { admin, api } = await apiOrganization(["customers:read"]);
    const member = await addMember(admin);
    expect((await admin.client.patch("/api/app/organization/settings", { membersManageCustomers: true })).status).toBe(200);
    const customer = await createCustomer(admin);

    const archived = await member.client.post(`/api/app/customers/${customer.id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    expectKeys(archived.body.data, MEMBER_CUSTOMER_KEYS);
    expect(archived.body.data).toMatchObject({ id: customer.id, archived: true, archivedAt: expect.stringMatching(ISO_UTC) });
    expect(archived.text).not.toContain("private");
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(stored.archived).toBe(true);
    expect(stored.archivedAt?.toISOString()).toBe(archived.body.data.archivedAt);

    const again = await admin.client.post(`/api/app/customers/${customer.id}/archive`);
    expect(again.status).toBe(200);
    expect(again.body.data.archived).toBe(true);
    expect(again.body.data.archivedAt).toBe(archived.body.data.archivedAt);

    expect((await api.get("/api/v1/customers")).body.data).toEqual([]);
    expect((await api.get("/api/v1/customers?includeArchived=true")).body.data.map((row: { id: string }) => row.id)).toEqual([customer.id]);

    const restored = await member.client.post(`/api/app/customers/${customer.id}/unarchive`);
    expect(restored.status).toBe(200);
    expectKeys(restored.body.data, MEMBER_CUSTOMER_KEYS);
    expect(restored.body.data).toMatchObject({ archived: false, archivedAt: null });
    const restoredAgain = await member.client.post(`/api/app/customers/${customer.id}/unarchive`);
    expect(restoredAgain.status).toBe(200);
    expect(restoredAgain.body.data).toMatchObject({ archived: false, archivedAt: null });
    expect(restoredAgain.body.data.updatedAt).toBe(restored.body.data.updatedAt);
    expect((await api.get("/api/v1/customers")).body.data.map((row: { id: string }) => row.id)).toEqual([customer.id]);
  });

  it("another organization's customer and an unknown id are 404 and stay as they were; no session is 401", async () => {
    const admin = await signUpOrganization();
    const stranger = await signUpOrganization();
    const theirs = await createCustomer(stranger, "Theirs");
    for (const action of ["archive", "unarchive"]) {
      for (const id of [theirs.id, "does-not-exist"]) {
        const response = await admin.client.post(`/api/app/customers/${id}/${action}`);
        expect(response.status).toBe(404);
        expect(response.body.error).toBe("not_found");
      }
      expect((await new TestClient().post(`/api/app/customers/${theirs.id}/${action}`)).status).toBe(401);
    }
    const row = await (await getDb()).customer.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(row.archived).toBe(false);
    expect(row.archivedAt).toBeNull();
  });
});
