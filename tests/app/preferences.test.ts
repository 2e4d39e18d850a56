// GET and PATCH /api/app/me/preferences (app-api section 11): defaults, the browser's zone at signup,
// validation that changes nothing, and the preferences delivered with the session.
import { describe, expect, it } from "vitest";
import { PASSWORD, signUpOrganization, uniqueEmail } from "../harness/factories";
import { TestClient } from "../harness/http";
import { expectErrorEnvelope } from "../harness/assertions";

const DEFAULTS = { timeZone: "UTC", weekStart: "monday", timeFormat: "h24", durationFormat: "hm", theme: "system" };

async function signUpWithZone(timeZone: unknown) {
  const client = new TestClient();
  const response = await client.post("/api/app/auth/signup", { email: uniqueEmail(), password: PASSWORD, name: "Ada", organizationName: "Acme", timeZone });
  expect(response.status, response.text).toBe(201);
  return { client, account: response.body.data };
}

describe("/api/app/me/preferences", () => {
  it("starts from the defaults and changes only the fields given", async () => {
    const admin = await signUpOrganization();
    expect((await admin.client.get("/api/app/me/preferences")).body.data).toEqual(DEFAULTS);
    const changed = await admin.client.patch("/api/app/me/preferences", { timeZone: "Europe/Berlin", theme: "dark" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toEqual({ ...DEFAULTS, timeZone: "Europe/Berlin", theme: "dark" });
    const all = { timeZone: "America/New_York", weekStart: "sunday", timeFormat: "h12", durationFormat: "decimal", theme: "light" };
    expect((await admin.client.patch("/api/app/me/preferences", all)).body.data).toEqual(all);
    expect((await admin.client.get("/api/app/me")).body.data.preferences).toEqual(all);
  });

  it("refuses unknown zones and values with 400 on the field, changing nothing", async () => {
    const admin = await signUpOrganization();
    await admin.client.patch("/api/app/me/preferences", { timeZone: "Europe/Berlin" });
    const stored = (await admin.client.get("/api/app/me/preferences")).body.data;
    for (const [body, field] of [
      [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
      [{ timeZone: "" }, "timeZone"],
      [{ timeZone: 3 }, "timeZone"],
      [{ weekStart: "tuesday", theme: "dark" }, "weekStart"],
      [{ timeFormat: "24h" }, "timeFormat"],
      [{ durationFormat: "minutes" }, "durationFormat"],
      [{ theme: "blue" }, "theme"],
    ] as const) {
      const response = await admin.client.patch("/api/app/me/preferences", body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect((await admin.client.get("/api/app/me/preferences")).body.data).toEqual(stored);
  });

  it("keeps the browser's zone given at signup, and takes UTC for a missing or unknown one", async () => {
    const berlin = await signUpWithZone("Europe/Berlin");
    expect(berlin.account.preferences).toEqual({ ...DEFAULTS, timeZone: "Europe/Berlin" });
    expect((await berlin.client.get("/api/app/me/preferences")).body.data.timeZone).toBe("Europe/Berlin");
    expect((await signUpWithZone("Nowhere/Land")).account.preferences.timeZone).toBe("UTC");
    expect((await signUpWithZone(undefined)).account.preferences.timeZone).toBe("UTC");
  });

  it("needs a session", async () => {
    expectErrorEnvelope(await new TestClient().get("/api/app/me/preferences"), 401, "unauthorized");
    expectErrorEnvelope(await new TestClient().patch("/api/app/me/preferences", { theme: "dark" }), 401, "unauthorized");
  });
});
