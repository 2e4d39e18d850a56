import { describe, expect, it } from "vitest";
import { auditDetails, fieldInWords } from "./audit-details";

describe("auditDetails", () => {
  it("reads a changed field as old → new", () => {
    expect(auditDetails({ role: { from: "member", to: "admin" } })).toEqual([{ label: "Role", value: "member → admin" }]);
  });

  it("reads the fields under `changes` as the fields themselves, booleans and lists in words", () => {
    expect(auditDetails({ changes: { isActive: { from: true, to: false }, events: { from: ["time_log.created"], to: [] } } })).toEqual([
      { label: "Is active", value: "yes → no" },
      { label: "Events", value: "time_log.created → none" },
    ]);
  });

  it("names nested facts after their parent", () => {
    expect(auditDetails({ changes: { requireTwoFactor: { from: false, to: true } }, sso: { changed: ["issuer", "clientId"], enabled: true } })).toEqual([
      { label: "Require two factor", value: "no → yes" },
      { label: "SSO changed", value: "issuer, clientId" },
      { label: "SSO enabled", value: "yes" },
    ]);
  });

  it("answers nothing for no metadata and keeps plain facts", () => {
    expect(auditDetails({})).toEqual([]);
    expect(auditDetails({ sessions: 3, kept: null, apiKeyId: "key_1" })).toEqual([
      { label: "Sessions", value: "3" },
      { label: "Kept", value: "none" },
      { label: "API key ID", value: "key_1" },
    ]);
  });
});

describe("fieldInWords", () => {
  it("splits camelCase and snake_case and spells acronyms", () => {
    expect(fieldInWords("redirectUris")).toBe("Redirect URIs");
    expect(fieldInWords("target_url")).toBe("Target URL");
  });
});
