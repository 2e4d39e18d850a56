import { describe, expect, it } from "vitest";
import { fieldLabel } from "./form-error";
import { mapErrorToFields } from "./form-errors";

const error = (details: { field: string; message: string }[]) => ({ code: "validation_error", message: "Some fields need attention.", details });

describe("mapErrorToFields", () => {
  it("puts each detail on the field it names, by full name or last segment", () => {
    const mapped = mapErrorToFields(error([{ field: "email", message: "already registered" }, { field: "entries.0.durationSeconds", message: "too long" }]), ["email", "durationSeconds"]);
    expect(mapped).toEqual({ fields: { email: "already registered", durationSeconds: "too long" }, form: null });
  });

  it("follows aliases from server names to form fields", () => {
    expect(mapErrorToFields(error([{ field: "constellationId", message: "unknown" }]), ["project"], { constellationId: "project" }).fields).toEqual({ project: "unknown" });
  });

  it("keeps what no field shows as the form's error, with only those details", () => {
    const mapped = mapErrorToFields(error([{ field: "name", message: "is required" }, { field: "role", message: "admin role required" }]), ["name"]);
    expect(mapped.fields).toEqual({ name: "is required" });
    expect(mapped.form).toEqual({ code: "validation_error", message: "Some fields need attention.", details: [{ field: "role", message: "admin role required" }] });
  });

  it("shows an error without details as the form's error", () => {
    const conflict = { code: "conflict", message: "A timer is already running.", details: [] };
    expect(mapErrorToFields(conflict, ["description"])).toEqual({ fields: {}, form: conflict });
  });

  it("puts an item of a list field on the list's field", () => {
    expect(mapErrorToFields(error([{ field: "scopes.0", message: "Choose scopes from the list." }]), ["name", "scopes"])).toEqual({ fields: { scopes: "Choose scopes from the list." }, form: null });
  });

  it("keeps the first message when a field is named twice", () => {
    expect(mapErrorToFields(error([{ field: "items.0.title", message: "first" }, { field: "items.1.title", message: "second" }]), ["title"]).fields).toEqual({ title: "first" });
  });
});

describe("fieldLabel", () => {
  it.each([
    ["rateLimitPerHour", "Rate limit per hour"],
    ["constellationId", "Project"],
    ["entries.2.constellationId", "Project"],
    ["durationSeconds", "Duration"],
    ["billing.hourlyRateCents", "Hourly rate"],
    ["scopes.0", "Scopes"],
    ["name", "Name"],
  ])("%s reads %s", (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });
});
