// A customer's private contact data and invoicing details (app-api section 17): an admin sees and edits
// the contact email, phone and notes and the billing address, VAT ID and payment terms in the web app;
// a member never receives them; /api/v1 withholds them whatever the key's scopes (contract 2.3).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectFieldErrors, failureOf, memberInApp, signUpInApp } from "../harness/app-sessions";
import { apiClient, createApiKey, signUpOrganization } from "../harness/factories";
import { CUSTOMER_KEYS, MEMBER_CUSTOMER_KEYS, expectKeys, expectValidationError } from "../harness/resource-lists";

const PRIVATE_KEYS = ["billingAddress", "contactEmail", "contactPhone", "notes", "paymentTermsDays", "vatId"];
const ADMIN_CUSTOMER_KEYS = [...CUSTOMER_KEYS, ...PRIVATE_KEYS].sort();

const DETAILS = {
  name: "Globex",
  company: "Globex Austria GmbH",
  email: "hank@globex.example",
  phone: "+43 1 234 567",
  notes: "Prefers invoices by email",
  billingAddress: "Ring 5\n1010 Wien\nAustria",
  vatId: "ATU12345678",
  paymentTermsDays: 30,
};

describe("a customer's private contact data and invoicing details in the web app", () => {
  it("an admin creates, reads and edits them; a member's reads carry none of them", async () => {
    const admin = await signUpInApp();
    const member = await memberInApp(admin);
    const created = await admin.api.customers.createWithBilling.mutate(DETAILS);
    expectKeys(created, ADMIN_CUSTOMER_KEYS);
    expect(created).toMatchObject({
      contactEmail: "hank@globex.example",
      contactPhone: "+43 1 234 567",
      notes: "Prefers invoices by email",
      billingAddress: "Ring 5\n1010 Wien\nAustria",
      vatId: "ATU12345678",
      paymentTermsDays: 30,
    });
    expect(await admin.api.customers.get.query({ id: created.id })).toEqual(created);
    // Archive and unarchive answer the customer without its private data, for admins too.
    expectKeys(await admin.api.customers.archive.mutate({ id: created.id }), CUSTOMER_KEYS);
    expectKeys(await admin.api.customers.unarchive.mutate({ id: created.id }), CUSTOMER_KEYS);

    const edited = await admin.api.customers.update.mutate({ id: created.id, email: "billing@globex.example", phone: "", notes: null, paymentTermsDays: null, vatId: "ATU 1234 5678" });
    expect(edited).toMatchObject({ contactEmail: "billing@globex.example", contactPhone: null, notes: null, paymentTermsDays: null, vatId: "ATU 1234 5678", billingAddress: DETAILS.billingAddress });
    const row = await (await getDb()).customer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ contactEmail: "billing@globex.example", contactPhone: null, notes: null, paymentTermsDays: null });

    for (const view of [await member.api.customers.get.query({ id: created.id }), ...(await member.api.customers.list.query({})).items]) {
      expectKeys(view, MEMBER_CUSTOMER_KEYS);
      expect(JSON.stringify(view)).not.toMatch(/globex\.example|ATU|Wien/);
    }
    // A member can neither read them back nor write them, not even on create.
    expect(await failureOf(member.api.customers.createWithBilling.mutate({ name: "Initech", vatId: "DE123456789" }))).toMatchObject({ code: "forbidden" });
  });

  it("refuses invoicing details that are not one, at their fields, and writes nothing", async () => {
    const admin = await signUpInApp();
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex" });
    await expectFieldErrors(admin.api.customers.update.mutate({ id: customer.id, vatId: "12345", paymentTermsDays: 400, billingAddress: "x".repeat(501), email: "nope" }), [
      "vatId",
      "paymentTermsDays",
      "billingAddress",
      "email",
    ]);
    await expectFieldErrors(admin.api.customers.createWithBilling.mutate({ name: "Initech", paymentTermsDays: -1 }), ["paymentTermsDays"]);
    expect(await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ vatId: null, paymentTermsDays: null, billingAddress: null, contactEmail: null });
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(1);
  });

  it("PATCH /api/app/customers/:id takes the invoicing details beside the billing fields and answers the v1 shape", async () => {
    const admin = await signUpOrganization();
    const created = await admin.client.post("/api/trpc/customers.createWithBilling", { name: "Globex" });
    expect(created.status, created.text).toBe(200);
    const id = created.body.result.data.id;
    const response = await admin.client.patch(`/api/app/customers/${id}`, { vatId: "FR12345678901", billingAddress: "1 rue de Rivoli\n75001 Paris", paymentTermsDays: 45, taxRateBps: 2_000 });
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body.data, CUSTOMER_KEYS);
    expect(await (await getDb()).customer.findUniqueOrThrow({ where: { id } })).toMatchObject({ vatId: "FR12345678901", billingAddress: "1 rue de Rivoli\n75001 Paris", paymentTermsDays: 45, taxRateBps: 2_000 });
    expectValidationError(await admin.client.patch(`/api/app/customers/${id}`, { vatId: "x" }), "vatId");
    expectValidationError(await admin.client.patch(`/api/app/customers/${id}`, { email: "a@b.example" }), "email");
  });
});

describe("/api/v1 withholds them whatever the scopes", () => {
  it("lists and creates customers with exactly the contract's fields", async () => {
    const adminClient = await signUpOrganization({ plan: "pro" });
    const { key } = await createApiKey(adminClient, ["*"]);
    const api = apiClient(key);
    const created = await api.post("/api/v1/customers", { name: "Initech", email: "peter@initech.example", phone: "+1 555 0100", notes: "TPS reports" });
    expect(created.status, created.text).toBe(201);
    expectKeys(created.body.data, CUSTOMER_KEYS);
    const list = await api.get("/api/v1/customers");
    for (const row of list.body.data) expectKeys(row, CUSTOMER_KEYS);
    expect(list.text).not.toMatch(/initech\.example|555 0100|TPS/);
    // Stored, and shown to that organization's admin in the app.
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(stored).toMatchObject({ contactEmail: "peter@initech.example", contactPhone: "+1 555 0100", notes: "TPS reports" });
    const inApp = await adminClient.client.get(`/api/trpc/customers.get?input=${encodeURIComponent(JSON.stringify({ id: created.body.data.id }))}`);
    expect(inApp.body.result.data).toMatchObject({ contactEmail: "peter@initech.example", contactPhone: "+1 555 0100", notes: "TPS reports" });
  });
});
