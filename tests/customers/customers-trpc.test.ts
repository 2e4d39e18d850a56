// The web app's customer procedures over /api/trpc: list (the one /api/v1 serves too: search, archived,
// keyset pages), create with billing, one customer, and edit (details for members, billing for admins, all or nothing).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectFieldErrors, failureOf, memberInApp, signUpInApp } from "../harness/app-sessions";
import { apiOrganization } from "../harness/factories";
import { ADMIN_CUSTOMER_KEYS, CUSTOMER_KEYS, MEMBER_CUSTOMER_KEYS, expectKeys } from "../harness/resource-lists";

const BILLING = {
  hourlyRateCents: 12_000,
  fixedRateCents: null,
  currency: "EUR",
  taxRateBps: 2_000,
  roundingIncrementMinutes: 15,
  roundingMode: "up",
  billingType: "hourly",
  paymentLinkUrl: "https://pay.example/globex",
} as const;

async function storedCustomer(id: string) {
  return (await getDb()).customer.findUniqueOrThrow({ where: { id } });
}

describe("customers.createWithBilling", () => {
  it("an admin creates a customer with billing settings in one step; private contact data is stored and shown to admins only", async () => {
    const admin = await signUpInApp();
    const created = await admin.api.customers.createWithBilling.mutate({
      name: "  Globex  ",
      company: "Globex Corporation",
      contactName: "Hank Scorpio",
      email: "hank@globex.example",
      phone: "+1 555 0100",
      notes: "prefers email",
      color: "#336699",
      ...BILLING,
    });
    expectKeys(created, ADMIN_CUSTOMER_KEYS);
    expect(created).toMatchObject({ name: "Globex", company: "Globex Corporation", contactName: "Hank Scorpio", color: "#336699", ...BILLING, archived: false });
    expect(created).toMatchObject({ contactEmail: "hank@globex.example", contactPhone: "+1 555 0100", notes: "prefers email" });
    const member = await memberInApp(admin);
    expect(JSON.stringify(await member.api.customers.get.query({ id: created.id }))).not.toMatch(/hank@globex\.example|555 0100|prefers email/);
    const row = await storedCustomer(created.id);
    expect(row).toMatchObject({ organizationId: admin.organizationId, contactEmail: "hank@globex.example", contactPhone: "+1 555 0100", notes: "prefers email", ...BILLING });
  });

  it("a member the organization lets manage customers creates one, but not with billing settings: 403 and nothing written", async () => {
    const admin = await signUpInApp();
    await admin.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    const member = await memberInApp(admin);
    const created = await member.api.customers.createWithBilling.mutate({ name: "Initech" });
    expectKeys(created, MEMBER_CUSTOMER_KEYS);
    expect(created).toMatchObject({ name: "Initech" });
    expect(await storedCustomer(created.id)).toMatchObject({ hourlyRateCents: null, currency: "USD" });

    const refused = await failureOf(member.api.customers.createWithBilling.mutate({ name: "Umbrella", hourlyRateCents: 5_000 }));
    expect(refused).toMatchObject({ code: "forbidden", details: [{ field: "role", message: "admin role required" }] });
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(1);
  });

  it("names every invalid field at once and writes nothing", async () => {
    const admin = await signUpInApp();
    await expectFieldErrors(
      admin.api.customers.createWithBilling.mutate({ name: " ", email: "not-an-email", color: "blue", currency: "euro", taxRateBps: 10_001, paymentLinkUrl: "ftp://x" } as never),
      ["name", "email", "color", "currency", "taxRateBps", "paymentLinkUrl"],
    );
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });
});

describe("customers.list", () => {
  it("lists newest first for any member, searches name and company, hides archived unless asked, pages by cursor", async () => {
    const admin = await signUpInApp();
    const member = await memberInApp(admin);
    const names = ["Alpha", "Beta", "Gamma 100%", "Delta"];
    const created = [];
    for (const name of names) created.push(await admin.api.customers.createWithBilling.mutate({ name, company: name === "Delta" ? "Alpha Holdings" : null }));
    await admin.api.customers.archive.mutate({ id: created[1]!.id });
    const stranger = await signUpInApp();
    await stranger.api.customers.createWithBilling.mutate({ name: "Alpha of another org" });

    const all = await member.api.customers.list.query({});
    expect(all.items.map((customer) => customer.name)).toEqual(["Delta", "Gamma 100%", "Alpha"]);
    expect(all.pagination).toEqual({ hasMore: false });

    const withArchived = await member.api.customers.list.query({ includeArchived: "true" });
    expect(withArchived.items.map((customer) => customer.name)).toEqual(["Delta", "Gamma 100%", "Beta", "Alpha"]);

    expect((await member.api.customers.list.query({ search: "alpha" })).items.map((customer) => customer.name)).toEqual(["Delta", "Alpha"]);
    expect((await member.api.customers.list.query({ search: "0%" })).items.map((customer) => customer.name)).toEqual(["Gamma 100%"]);
    expect((await member.api.customers.list.query({ search: "%" })).items.map((customer) => customer.name)).toEqual(["Gamma 100%"]);

    const first = await member.api.customers.list.query({ limit: 2, includeArchived: "true" });
    expect(first.items.map((customer) => customer.name)).toEqual(["Delta", "Gamma 100%"]);
    expect(first.pagination.hasMore).toBe(true);
    const second = await member.api.customers.list.query({ limit: 2, includeArchived: "true", cursor: first.pagination.cursor });
    expect(second.items.map((customer) => customer.name)).toEqual(["Beta", "Alpha"]);
    expect(second.pagination).toEqual({ hasMore: false });

    await expectFieldErrors(member.api.customers.list.query({ cursor: "forged" }), ["cursor"]);
  });

  it("needs a session: an API key is a credential at /api/v1 only, where the same list answers in the v1 envelope", async () => {
    const { openBrowser } = await import("../harness/web-client");
    expect((await failureOf(openBrowser().api.customers.list.query({}))).code).toBe("unauthorized");

    const { api } = await apiOrganization(["customers:read"]);
    const throughApp = await api.get(`/api/trpc/customers.list?input=${encodeURIComponent("{}")}`);
    expect(throughApp.status).toBe(401);
    const throughV1 = await api.get("/api/v1/customers");
    expect(throughV1.status).toBe(200);
    expect(Object.keys(throughV1.body).sort()).toEqual(["data", "meta", "pagination"]);
    expect(throughV1.body.meta.rateLimit).toMatchObject({ limit: expect.any(Number), remaining: expect.any(Number) });
  });
});

describe("customers.get and customers.update", () => {
  it("sends a member no billing field in any in-app read or write; an admin gets them all", async () => {
    const admin = await signUpInApp();
    await admin.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    const member = await memberInApp(admin);
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex", ...BILLING });
    expectKeys(customer, ADMIN_CUSTOMER_KEYS);

    const memberViews = [
      await member.api.customers.get.query({ id: customer.id }),
      ...(await member.api.customers.list.query({ search: "Globex" })).items,
      await member.api.customers.update.mutate({ id: customer.id, contactName: "Hank" }),
      await member.api.customers.archive.mutate({ id: customer.id }),
      await member.api.customers.unarchive.mutate({ id: customer.id }),
    ];
    const memberCreated = await member.api.customers.create.mutate({ name: "Initech" });
    expectKeys(memberCreated, MEMBER_CUSTOMER_KEYS);
    const memberCreatedWithBilling = await member.api.customers.createWithBilling.mutate({ name: "Umbrella" });
    expectKeys(memberCreatedWithBilling, MEMBER_CUSTOMER_KEYS);
    for (const view of memberViews) {
      expectKeys(view, MEMBER_CUSTOMER_KEYS);
      expect(view).toMatchObject({ id: customer.id, name: "Globex" });
    }
    expect(JSON.stringify(memberViews)).not.toContain("pay.example");

    expectKeys(await admin.api.customers.get.query({ id: customer.id }), ADMIN_CUSTOMER_KEYS);
    // The list is the one /api/v1 serves: the contract's fields, nothing private.
    const adminViews = [await admin.api.customers.get.query({ id: customer.id }), ...(await admin.api.customers.list.query({ search: "Globex" })).items];
    expectKeys(adminViews[1]!, CUSTOMER_KEYS);
    for (const view of adminViews) {
      expect(view).toMatchObject({ id: customer.id, contactName: "Hank", ...BILLING });
    }
    expectKeys(await admin.api.customers.create.mutate({ name: "Hooli" }), CUSTOMER_KEYS);
  });

  it("a member the organization lets manage customers edits the details; billing fields from a member are refused whole; an admin edits both at once", async () => {
    const admin = await signUpInApp();
    await admin.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    const member = await memberInApp(admin);
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex", company: "Globex" });

    const renamed = await member.api.customers.update.mutate({ id: customer.id, name: "Globex Corp", contactName: "Hank", company: "" });
    expect(renamed).toMatchObject({ name: "Globex Corp", contactName: "Hank", company: null });
    expect(await member.api.customers.get.query({ id: customer.id })).toEqual(renamed);

    const refused = await failureOf(member.api.customers.update.mutate({ id: customer.id, name: "Sneaky", taxRateBps: 0, hourlyRateCents: 1 }));
    expect(refused.code).toBe("forbidden");
    expect(await storedCustomer(customer.id)).toMatchObject({ name: "Globex Corp", hourlyRateCents: null });

    const updated = await admin.api.customers.update.mutate({ id: customer.id, color: "#AA0000", ...BILLING });
    expect(updated).toMatchObject({ name: "Globex Corp", color: "#AA0000", ...BILLING });
    expect(await storedCustomer(customer.id)).toMatchObject({ color: "#AA0000", ...BILLING });
  });

  it("refuses invalid fields by name and an empty edit, changing nothing", async () => {
    const admin = await signUpInApp();
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex" });
    const before = await storedCustomer(customer.id);
    await expectFieldErrors(admin.api.customers.update.mutate({ id: customer.id, name: "", roundingIncrementMinutes: 61, roundingMode: "ceil" } as never), [
      "name",
      "roundingIncrementMinutes",
      "roundingMode",
    ]);
    await expectFieldErrors(admin.api.customers.update.mutate({ id: customer.id }), ["body"]);
    expect(await storedCustomer(customer.id)).toEqual(before);
  });

  it("another organization's customer is not found, to read or to edit", async () => {
    const admin = await signUpInApp();
    const stranger = await signUpInApp();
    const theirs = await stranger.api.customers.createWithBilling.mutate({ name: "Theirs" });
    expect((await failureOf(admin.api.customers.get.query({ id: theirs.id }))).code).toBe("not_found");
    expect((await failureOf(admin.api.customers.update.mutate({ id: theirs.id, name: "Mine" }))).code).toBe("not_found");
    expect((await storedCustomer(theirs.id)).name).toBe("Theirs");
  });
});
