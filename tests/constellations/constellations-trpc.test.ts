// The web app's project procedures over /api/trpc: list with customer names, the public list and create
// (a project the signed-in user creates is theirs), read and edit, each scoped to the caller's organization.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectFieldErrors, failureOf, memberInApp, signUpInApp } from "../harness/app-sessions";
import { CONSTELLATION_KEYS, expectKeys } from "../harness/resource-lists";

describe("constellations in the web app", () => {
  it("a member the organization lets manage projects creates one for a customer; it is owned by them and listed with the customer's name", async () => {
    const admin = await signUpInApp();
    await admin.api.organization.updateSettings.mutate({ membersManageCustomers: true });
    const member = await memberInApp(admin);
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex" });
    const project = await member.api.constellations.create.mutate({ title: "Website relaunch", goal: "Ship it", customerId: customer.id, dueDate: "2026-12-31" });
    expectKeys(project, CONSTELLATION_KEYS);
    expect(project).toMatchObject({ title: "Website relaunch", goal: "Ship it", customerId: customer.id, status: "planning", dueDate: "2026-12-31T00:00:00.000Z" });
    const row = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: project.id } });
    expect(row).toMatchObject({ organizationId: admin.organizationId, ownerId: member.userId });

    const loose = await admin.api.constellations.create.mutate({ title: "Internal tooling" });
    const listed = await admin.api.constellations.listWithCustomerNames.query({});
    expectKeys(listed.items[0]!, [...CONSTELLATION_KEYS, "customerName"].sort());
    expect(listed.items.map((item) => [item.title, item.customerName])).toEqual([
      ["Internal tooling", null],
      ["Website relaunch", "Globex"],
    ]);
    expect((await admin.api.constellations.listWithCustomerNames.query({ customerId: customer.id })).items.map((item) => item.id)).toEqual([project.id]);
    expect((await admin.api.constellations.listWithCustomerNames.query({ search: "TOOL" })).items.map((item) => item.id)).toEqual([loose.id]);
    // The pickers' list is the one /api/v1 serves: the same filters, the public shape.
    const picked = await member.api.constellations.list.query({ customerId: customer.id });
    expect(picked.items.map((item) => item.id)).toEqual([project.id]);
    expectKeys(picked.items[0]!, CONSTELLATION_KEYS);

    await member.api.constellations.archive.mutate({ id: loose.id });
    expect((await admin.api.constellations.listWithCustomerNames.query({})).items.map((item) => item.id)).toEqual([project.id]);
    expect((await admin.api.constellations.listWithCustomerNames.query({ includeArchived: "true" })).items.map((item) => item.id)).toEqual([loose.id, project.id]);
    expect((await admin.api.constellations.list.query({ includeArchived: "true" })).items.map((item) => item.id)).toEqual([loose.id, project.id]);
  });

  it("edits title, goal, status, customer and due date; clears the customer and due date with null", async () => {
    const admin = await signUpInApp();
    const customer = await admin.api.customers.createWithBilling.mutate({ name: "Globex" });
    const project = await admin.api.constellations.create.mutate({ title: "Relaunch" });
    const edited = await admin.api.constellations.update.mutate({ id: project.id, title: "Relaunch v2", status: "in_progress", customerId: customer.id, dueDate: "2027-01-15" });
    expect(edited).toMatchObject({ title: "Relaunch v2", status: "in_progress", customerId: customer.id, customerName: "Globex", dueDate: "2027-01-15T00:00:00.000Z" });
    const cleared = await admin.api.constellations.update.mutate({ id: project.id, customerId: null, dueDate: null, goal: "" });
    expect(cleared).toMatchObject({ title: "Relaunch v2", customerId: null, customerName: null, dueDate: null, goal: null });
    expect(await admin.api.constellations.get.query({ id: project.id })).toEqual(cleared);
  });

  it("refuses another organization's customer and invalid fields by name, writing nothing", async () => {
    const admin = await signUpInApp();
    const stranger = await signUpInApp();
    const theirs = await stranger.api.customers.createWithBilling.mutate({ name: "Theirs" });
    await expectFieldErrors(admin.api.constellations.create.mutate({ title: "Mine", customerId: theirs.id }), ["customerId"]);
    await expectFieldErrors(admin.api.constellations.create.mutate({ title: " ", status: "someday", dueDate: "2026-02-30" } as never), ["title", "status", "dueDate"]);
    expect(await (await getDb()).constellation.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const project = await admin.api.constellations.create.mutate({ title: "Mine" });
    await expectFieldErrors(admin.api.constellations.update.mutate({ id: project.id, customerId: theirs.id }), ["customerId"]);
    await expectFieldErrors(admin.api.constellations.update.mutate({ id: project.id }), ["body"]);
    expect((await admin.api.constellations.get.query({ id: project.id })).customerId).toBeNull();
  });

  it("another organization's project is not found, to read or to edit", async () => {
    const admin = await signUpInApp();
    const stranger = await signUpInApp();
    const theirs = await stranger.api.constellations.create.mutate({ title: "Theirs" });
    expect((await failureOf(admin.api.constellations.get.query({ id: theirs.id }))).code).toBe("not_found");
    expect((await failureOf(admin.api.constellations.update.mutate({ id: theirs.id, title: "Mine" }))).code).toBe("not_found");
    expect((await stranger.api.constellations.get.query({ id: theirs.id })).title).toBe("Theirs");
  });
});
