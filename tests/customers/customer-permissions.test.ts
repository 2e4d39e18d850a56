// Who creates, edits and archives customers and projects (app-api section 17): admins, and members only
// when the organization's `membersManageCustomers` allows it (off by default). Tried through the web
// app's tRPC procedures and the in-app REST routes; API keys keep their scopes (contract 5.2).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { failureOf, memberInApp, signUpInApp, type AppUser } from "../harness/app-sessions";
import { addMember, apiClient, createApiKey, insertConstellation, insertCustomer, signUpOrganization } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";
import { TestClient } from "../harness/http";

const ROLE_REFUSAL = { code: "forbidden", details: [{ field: "role", message: "admin role required" }] };

async function rowsOf(organizationId: string) {
  const db = await getDb();
  const [customers, projects] = await Promise.all([
    db.customer.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } }),
    db.constellation.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } }),
  ]);
  return { customers, projects };
}

/** Every way a member of the web app creates, edits or archives a customer or a project. */
function memberWrites(member: AppUser, ids: { customerId: string; projectId: string }) {
  return {
    "customers.create": () => member.api.customers.create.mutate({ name: "By a member" }),
    "customers.createWithBilling": () => member.api.customers.createWithBilling.mutate({ name: "By a member" }),
    "customers.update": () => member.api.customers.update.mutate({ id: ids.customerId, name: "Renamed by a member" }),
    "customers.archive": () => member.api.customers.archive.mutate({ id: ids.customerId }),
    "customers.unarchive": () => member.api.customers.unarchive.mutate({ id: ids.customerId }),
    "constellations.create": () => member.api.constellations.create.mutate({ title: "By a member" }),
    "constellations.update": () => member.api.constellations.update.mutate({ id: ids.projectId, title: "Renamed by a member" }),
    "constellations.archive": () => member.api.constellations.archive.mutate({ id: ids.projectId }),
    "constellations.unarchive": () => member.api.constellations.unarchive.mutate({ id: ids.projectId }),
  };
}

describe("membersManageCustomers off (the default)", () => {
  it("refuses every member write with 403 naming role, before validation, and writes nothing", async () => {
    const admin = await signUpInApp();
    const member = await memberInApp(admin);
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex" });
    const project = await admin.api.constellations.create.mutate({ title: "Relaunch", customerId: customer.id });
    await admin.api.constellations.archive.mutate({ id: project.id });
    await admin.api.customers.archive.mutate({ id: customer.id });
    const before = await rowsOf(admin.organizationId);

    expect(await member.api.organization.customerPermissions.query()).toEqual({ membersManageCustomers: false, canManageCustomers: false });
    for (const [name, write] of Object.entries(memberWrites(member, { customerId: customer.id, projectId: project.id }))) {
      expect(await failureOf(write()), name).toMatchObject(ROLE_REFUSAL);
    }
    // A refused member learns nothing from validation: an invalid body is still the 403.
    expect(await failureOf(member.api.customers.createWithBilling.mutate({ name: "" }))).toMatchObject(ROLE_REFUSAL);
    expect(await failureOf(member.api.constellations.update.mutate({ id: project.id, status: "onHold" } as never))).toMatchObject(ROLE_REFUSAL);
    expect(await rowsOf(admin.organizationId)).toEqual(before);

    // Reading stays open to every member.
    expect((await member.api.customers.list.query({ includeArchived: "true" })).items.map((row) => row.id)).toEqual([customer.id]);
    expect((await member.api.customers.get.query({ id: customer.id })).name).toBe("Globex");
    expect((await member.api.constellations.listWithCustomerNames.query({ includeArchived: "true" })).items.map((row) => row.id)).toEqual([project.id]);
  });

  it("refuses the in-app REST archive routes to a member with the 403 envelope naming role", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId);
    const project = await insertConstellation(admin.organizationId);
    for (const path of [`/api/app/customers/${customer.id}/archive`, `/api/app/constellations/${project.id}/archive`, `/api/app/customers/${customer.id}/unarchive`, `/api/app/constellations/${project.id}/unarchive`]) {
      const response = await member.client.post(path);
      expectErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    }
    const db = await getDb();
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).archived).toBe(false);
    expect((await db.constellation.findUniqueOrThrow({ where: { id: project.id } })).archived).toBe(false);
    // An admin still archives, and the same member cannot undo it.
    expect((await admin.client.post(`/api/app/customers/${customer.id}/archive`)).status).toBe(200);
    expectErrorEnvelope(await member.client.post(`/api/app/customers/${customer.id}/unarchive`), 403, "forbidden");
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).archived).toBe(true);
  });

  it("API keys are governed by their scopes alone: customers:write and constellations:write still create", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key } = await createApiKey(admin, ["customers:write", "constellations:write"]);
    const api = apiClient(key);
    const customer = await api.post("/api/v1/customers", { name: "Via API" });
    expect(customer.status, customer.text).toBe(201);
    const project = await api.post("/api/v1/constellations", { title: "Via API", customerId: customer.body.data.id });
    expect(project.status, project.text).toBe(201);
    const { key: readOnly } = await createApiKey(admin, ["customers:read"]);
    const refused = await apiClient(readOnly).post("/api/v1/customers", { name: "Nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: "permission", message: "customers:write" }]);
  });
});

describe("membersManageCustomers on", () => {
  it("an admin turns it on in the settings; members then create, edit, archive and unarchive, billing stays the admin's; turning it off applies at once", async () => {
    const admin = await signUpInApp();
    const member = await memberInApp(admin);
    const secondAdmin = await memberInApp(admin, "admin");
    expect(await secondAdmin.api.organization.customerPermissions.query()).toEqual({ membersManageCustomers: false, canManageCustomers: true });

    expect(await failureOf(member.api.organization.updateSettings.mutate({ membersManageCustomers: true }))).toMatchObject(ROLE_REFUSAL);
    const settings = await admin.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    expect(settings.membersManageCustomers).toBe(true);
    expect(await member.api.organization.customerPermissions.query()).toEqual({ membersManageCustomers: true, canManageCustomers: true });

    const customer = await member.api.customers.createWithBilling.mutate({ name: "Initech", company: "Initech Inc." });
    const renamed = await member.api.customers.update.mutate({ id: customer.id, contactName: "Bill" });
    expect(renamed).toMatchObject({ name: "Initech", contactName: "Bill" });
    const project = await member.api.constellations.create.mutate({ title: "Migration", customerId: customer.id });
    expect((await member.api.constellations.update.mutate({ id: project.id, status: "in_progress" })).status).toBe("in_progress");
    expect((await member.api.constellations.archive.mutate({ id: project.id })).archived).toBe(true);
    expect((await member.api.constellations.unarchive.mutate({ id: project.id })).archived).toBe(false);
    expect((await member.api.customers.archive.mutate({ id: customer.id })).archived).toBe(true);
    expect((await member.api.customers.unarchive.mutate({ id: customer.id })).archived).toBe(false);

    // Billing, invoicing details and the private contact data stay an admin's, even now.
    for (const change of [{ hourlyRateCents: 100 }, { vatId: "DE123456789" }, { billingAddress: "Somewhere 1" }, { paymentTermsDays: 30 }, { email: "a@b.example" }]) {
      expect(await failureOf(member.api.customers.update.mutate({ id: customer.id, ...change })), JSON.stringify(change)).toMatchObject(ROLE_REFUSAL);
    }
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(stored).toMatchObject({ hourlyRateCents: null, vatId: null, billingAddress: null, paymentTermsDays: null, contactEmail: null });

    await admin.api.organization.updateSettings.mutate({ membersManageCustomers: false });
    expect(await failureOf(member.api.customers.update.mutate({ id: customer.id, name: "Too late" }))).toMatchObject(ROLE_REFUSAL);
    expect(await failureOf(member.api.constellations.create.mutate({ title: "Too late" }))).toMatchObject(ROLE_REFUSAL);
  });

  it("is one organization's setting: another organization's members stay refused", async () => {
    const lenient = await signUpInApp();
    await lenient.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    const strict = await signUpInApp();
    const strictMember = await memberInApp(strict);
    expect(await failureOf(strictMember.api.customers.createWithBilling.mutate({ name: "Nope" }))).toMatchObject(ROLE_REFUSAL);
  });
});

describe("GET and PATCH /api/app/organization/settings", () => {
  it("answers the settings to admins, changes only what is sent, refuses members, strangers' origins and bad values", async () => {
    const admin = await signUpOrganization({ name: "Studio Nord" });
    const initial = await admin.client.get("/api/app/organization/settings");
    expect(initial.status, initial.text).toBe(200);
    expect(initial.body.data).toEqual({ membersManageCustomers: false, name: "Studio Nord", legalName: null, address: null, vatId: null, paymentTermsDays: 14, invoiceNotes: null });

    const changed = await admin.client.patch("/api/app/organization/settings", {
      legalName: "Studio Nord GmbH",
      address: "Torstraße 1\n10119 Berlin\nGermany",
      vatId: "DE123456789",
      paymentTermsDays: 30,
      invoiceNotes: "IBAN DE02 1203 0000 0000 2020 51",
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toEqual({
      membersManageCustomers: false,
      name: "Studio Nord",
      legalName: "Studio Nord GmbH",
      address: "Torstraße 1\n10119 Berlin\nGermany",
      vatId: "DE123456789",
      paymentTermsDays: 30,
      invoiceNotes: "IBAN DE02 1203 0000 0000 2020 51",
    });
    const cleared = await admin.client.patch("/api/app/organization/settings", { vatId: null, invoiceNotes: "  " });
    expect(cleared.body.data).toMatchObject({ legalName: "Studio Nord GmbH", vatId: null, invoiceNotes: null, paymentTermsDays: 30 });

    const before = (await admin.client.get("/api/app/organization/settings")).body.data;
    for (const [body, field] of [
      [{ paymentTermsDays: -1 }, "paymentTermsDays"],
      [{ paymentTermsDays: 366 }, "paymentTermsDays"],
      [{ paymentTermsDays: 1.5 }, "paymentTermsDays"],
      [{ paymentTermsDays: "14" }, "paymentTermsDays"],
      [{ vatId: "123" }, "vatId"],
      [{ vatId: "DE12" }, "vatId"],
      [{ membersManageCustomers: "true" }, "membersManageCustomers"],
      [{ address: "x".repeat(501) }, "address"],
      [{ legalName: "Ok", paymentTerms: 10 }, "paymentTerms"],
      [{}, "body"],
    ] as const) {
      const response = await admin.client.patch("/api/app/organization/settings", body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details.map((detail: { field: string }) => detail.field), JSON.stringify(body)).toEqual([field]);
    }
    expect((await admin.client.get("/api/app/organization/settings")).body.data).toEqual(before);

    const member = await addMember(admin);
    for (const response of [await member.client.get("/api/app/organization/settings"), await member.client.patch("/api/app/organization/settings", { membersManageCustomers: true })]) {
      expectErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    }
    expectErrorEnvelope(await admin.client.patch("/api/app/organization/settings", { membersManageCustomers: true }, { headers: { origin: "https://evil.example" } }), 403, "forbidden");
    expectErrorEnvelope(await new TestClient().get("/api/app/organization/settings"), 401, "unauthorized");
    expect((await admin.client.get("/api/app/organization/settings")).body.data.membersManageCustomers).toBe(false);

    // Another organization's settings are its own.
    const stranger = await signUpOrganization();
    expect((await stranger.client.get("/api/app/organization/settings")).body.data).toMatchObject({ legalName: null, paymentTermsDays: 14 });
  });
});
