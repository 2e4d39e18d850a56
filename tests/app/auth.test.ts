// Sessions, users, organizations and plans (app-api.md sections 2 and 3), through the route handlers.
import { describe, expect, it } from "vitest";
import { expectAppErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";
import { TestClient } from "../harness/http";
import { addMember, PASSWORD, signUpOrganization, uniqueEmail } from "../harness/factories";
import { getDb } from "@/server/db";

describe("signup", () => {
  it("creates an admin user and a free organization, sets the session cookie", async () => {
    const client = new TestClient();
    const email = uniqueEmail();
    const response = await client.post("/api/app/auth/signup", { email, password: PASSWORD, name: "Ada", organizationName: "Acme" });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      user: { id: expect.any(String), email, name: "Ada" },
      organization: { id: expect.any(String), name: "Acme", plan: "free" },
      role: "admin",
      preferences: { timeZone: "UTC", weekStart: "monday", timeFormat: "h24", durationFormat: "hm", theme: "system" },
    });
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) });
    expect(response.headers.get("ratelimit-limit")).toBeNull();
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tt_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // APP_ENV=test
    const me = await client.get("/api/app/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(response.body.data);
  });

  it("stores a slow salted hash, never the password", async () => {
    const { email } = await signUpOrganization();
    const user = await (await getDb()).user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(user.passwordHash).toMatch(/^scrypt\$/);
  });

  it("answers 409 conflict for a taken email, case-insensitively", async () => {
    const { email } = await signUpOrganization();
    const response = await new TestClient().post("/api/app/auth/signup", { email: email.toUpperCase(), password: PASSWORD, name: "B", organizationName: "B" });
    expectAppErrorEnvelope(response, 409, "conflict");
  });

  it("validates every field with one detail per invalid field", async () => {
    const response = await new TestClient().post("/api/app/auth/signup", { email: "not-an-email", password: "short", name: "" });
    expectAppErrorEnvelope(response, 400, "validation_error");
    const fields = response.body.details.map((detail: { field: string }) => detail.field).sort();
    expect(fields).toEqual(["email", "name", "organizationName", "password"]);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("rejects a password over 200 characters and malformed JSON", async () => {
    const long = await new TestClient().post("/api/app/auth/signup", { email: uniqueEmail(), password: "x".repeat(201), name: "A", organizationName: "A" });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([{ field: "password", message: expect.any(String) }]);
    const malformed = await new TestClient().request("POST", "/api/app/auth/signup", { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expectAppErrorEnvelope(malformed, 400, "validation_error");
  });

  it("answers 413 payload_too_large for a body over 1 MiB", async () => {
    const response = await new TestClient().post("/api/app/auth/signup", { email: uniqueEmail(), password: PASSWORD, name: "x".repeat(1024 * 1024), organizationName: "A" });
    expectAppErrorEnvelope(response, 413, "payload_too_large");
  });
});

describe("login and logout", () => {
  it("logs in with the right password and answers the account", async () => {
    const { email, userId } = await signUpOrganization();
    const client = new TestClient();
    const response = await client.post("/api/app/auth/login", { email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.data.user.id).toBe(userId);
    expect(response.body.data.role).toBe("admin");
    expect((await client.get("/api/app/me")).status).toBe(200);
  });

  it("gives the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await signUpOrganization();
    const wrongPassword = await new TestClient().post("/api/app/auth/login", { email, password: "wrong password!" });
    const unknownEmail = await new TestClient().post("/api/app/auth/login", { email: uniqueEmail(), password: PASSWORD });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expectAppErrorEnvelope(wrongPassword, 401, "unauthorized");
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
  });

  it("logout clears the cookie and later requests are 401", async () => {
    const { client } = await signUpOrganization();
    const response = await client.post("/api/app/auth/logout");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true });
    expect(response.headers.getSetCookie()[0]).toMatch(/^tt_session=;.*Max-Age=0/);
    const me = await client.get("/api/app/me");
    expectAppErrorEnvelope(me, 401, "unauthorized");
  });

  it("rejects a missing or tampered session cookie", async () => {
    expect((await new TestClient().get("/api/app/me")).status).toBe(401);
    const { client } = await signUpOrganization();
    const tampered = client.cookie("tt_session")!.slice(0, -4) + "AAAA";
    const response = await new TestClient().get("/api/app/me", { headers: { cookie: `tt_session=${tampered}` } });
    expect(response.status).toBe(401);
  });
});

describe("origin check", () => {
  it("refuses a mutating request from another origin with 403", async () => {
    const { client } = await signUpOrganization();
    const response = await client.put("/api/app/organization/plan", { plan: "pro" }, { headers: { origin: "https://evil.example" } });
    expectAppErrorEnvelope(response, 403, "forbidden");
    const me = await client.get("/api/app/me");
    expect(me.body.data.organization.plan).toBe("free");
  });

  it("accepts the same origin", async () => {
    const { client } = await signUpOrganization();
    const response = await client.put("/api/app/organization/plan", { plan: "pro" }, { headers: { origin: "http://localhost:3000" } });
    expect(response.status).toBe(200);
  });
});

describe("members and plan", () => {
  it("an admin adds a member who joins the organization", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const me = await member.client.get("/api/app/me");
    expect(me.body.data.organization.id).toBe(admin.organizationId);
    expect(me.body.data.role).toBe("member");
  });

  it("a member calling an admin route gets 403 with the role detail", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    for (const response of [
      await member.client.put("/api/app/organization/plan", { plan: "pro" }),
      await member.client.post("/api/app/members", { email: uniqueEmail(), password: PASSWORD, name: "X", role: "member" }),
    ]) {
      expectAppErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    }
  });

  it("adding a member with a taken email is 409, a bad role is 400", async () => {
    const admin = await signUpOrganization();
    const taken = await admin.client.post("/api/app/members", { email: admin.email, password: PASSWORD, name: "X", role: "member" });
    expect(taken.status).toBe(409);
    const badRole = await admin.client.post("/api/app/members", { email: uniqueEmail(), password: PASSWORD, name: "X", role: "owner" });
    expect(badRole.status).toBe(400);
    expect(badRole.body.details[0].field).toBe("role");
  });

  it("switches the plan and answers the organization", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.put("/api/app/organization/plan", { plan: "pro" });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ organization: { id: admin.organizationId, name: "Acme", plan: "pro" } });
    const invalid = await admin.client.put("/api/app/organization/plan", { plan: "enterprise" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details[0].field).toBe("plan");
  });

  it("in-app routes need a session", async () => {
    const client = new TestClient();
    expect((await client.put("/api/app/organization/plan", { plan: "pro" })).status).toBe(401);
    expect((await client.post("/api/app/members", {})).status).toBe(401);
  });
});

describe("the web app's tRPC endpoint", () => {
  it("answers domain errors with their HTTP status, code and details, never a stack", async () => {
    const { email } = await signUpOrganization();
    const client = new TestClient();
    const taken = await client.post("/api/trpc/auth.signUp", { email, password: PASSWORD, name: "B", organizationName: "B" });
    expect(taken.status).toBe(409);
    expect(taken.body.error.data).toMatchObject({ appCode: "conflict", httpStatus: 409 });
    expect(taken.body.error.data.stack).toBeUndefined();
    const wrong = await client.post("/api/trpc/auth.logIn", { email, password: "wrong password!" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.data.appCode).toBe("unauthorized");
    const invalid = await client.post("/api/trpc/auth.signUp", { email: "nope", password: PASSWORD, name: "B", organizationName: "B" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.data.appCode).toBe("validation_error");
    expect(invalid.body.error.data.details).toEqual([{ field: "email", message: expect.any(String) }]);
    expect((await client.get("/api/trpc/auth.me")).status).toBe(401);
  });

  it("signs in and reads the account like the REST routes", async () => {
    const { email, userId } = await signUpOrganization();
    const client = new TestClient();
    const login = await client.post("/api/trpc/auth.logIn", { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.result.data.user.id).toBe(userId);
    const me = await client.get("/api/trpc/auth.me");
    expect(me.body.result.data.user.id).toBe(userId);
  });
});
