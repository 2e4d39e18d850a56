// Changing a password (production-readiness: "password changes revoke"): the caller stays signed in,
// every other session of the user is revoked, the old password stops working; a wrong current
// password or a short new one changes nothing.
import { describe, expect, it } from "vitest";
import { TestClient } from "../harness/http";
import { PASSWORD, signUpOrganization } from "../harness/factories";

const NEW_PASSWORD = "a much better passphrase";

async function logIn(email: string, password: string) {
  const client = new TestClient();
  const response = await client.post("/api/app/auth/login", { email, password });
  return { client, status: response.status };
}

describe("POST /api/app/auth/password", () => {
  it("keeps the caller signed in, revokes the user's other sessions, and swaps the password", async () => {
    const admin = await signUpOrganization();
    const other = await logIn(admin.email, PASSWORD);
    expect(other.status).toBe(200);

    const changed = await admin.client.post("/api/app/auth/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toEqual({ success: true });

    expect((await admin.client.get("/api/app/me")).status).toBe(200);
    const revoked = await other.client.get("/api/app/me");
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe("unauthorized");
    expect((await logIn(admin.email, PASSWORD)).status).toBe(401);
    expect((await logIn(admin.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a wrong current password is a 400 on currentPassword and changes nothing", async () => {
    const admin = await signUpOrganization();
    const other = await logIn(admin.email, PASSWORD);
    const wrong = await admin.client.post("/api/app/auth/password", { currentPassword: "not my password", newPassword: NEW_PASSWORD });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body).toMatchObject({ error: "validation_error", details: [{ field: "currentPassword", message: "is incorrect" }] });
    expect((await other.client.get("/api/app/me")).status).toBe(200);
    expect((await logIn(admin.email, PASSWORD)).status).toBe(200);
  });

  it("validates the new password like signup and needs a session", async () => {
    const admin = await signUpOrganization();
    const short = await admin.client.post("/api/app/auth/password", { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.details.map((detail: { field: string }) => detail.field)).toEqual(["newPassword"]);
    expect((await logIn(admin.email, PASSWORD)).status).toBe(200);
    const anonymous = await new TestClient().post("/api/app/auth/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(anonymous.status).toBe(401);
  });
});
