// Two-factor sign-in (app-api section 15) through HTTP, with codes computed by a TOTP library as an
// authenticator app would: setup and enable, the login's code (skew of one step, a code accepted once,
// recovery codes used once), turning it off, failed codes in the login throttles, and an organization
// that requires it for everyone. Audit entries are read from the log's table.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { LOGIN_FAILURES_PER_EMAIL } from "@/server/services/auth/throttle";
import { TestClient } from "../harness/http";
import { addMember, PASSWORD, signUpOrganization, type SignedInUser } from "../harness/factories";
import { awayFromStepEdge, enableTwoFactor, totpCode } from "../harness/two-factor";

async function logIn(email: string, code?: string, password = PASSWORD) {
  const client = new TestClient({ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" });
  const response = await client.post("/api/app/auth/login", { email, password, ...(code === undefined ? {} : { code }) });
  return { client, response };
}

async function actionsOf(organizationId: string, action: string) {
  const db = await getDb();
  return db.auditEvent.findMany({ where: { organizationId, action }, orderBy: { id: "asc" } });
}

describe("two-factor setup", () => {
  it("hands out a base32 secret and an RFC 6238 otpauth URI, pending until a right code enables it", async () => {
    const admin = await signUpOrganization();
    const setup = await admin.client.post("/api/app/me/two-factor/setup");
    expect(setup.status, setup.text).toBe(200);
    const { secret, otpauthUri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    // Pending: the login still needs no code, and the status says off.
    expect((await logIn(admin.email)).response.status).toBe(200);
    expect((await admin.client.get("/api/app/me/two-factor")).body.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    await awayFromStepEdge();
    const wrong = await admin.client.post("/api/app/me/two-factor/enable", { code: totpCode(secret, 3) });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body).toMatchObject({ error: "validation_error", details: [{ field: "code" }] });
    expect((await admin.client.get("/api/app/me/two-factor")).body.data.enabled).toBe(false);

    // The step before counts too.
    const enabled = await admin.client.post("/api/app/me/two-factor/enable", { code: totpCode(secret, -1) });
    expect(enabled.status, enabled.text).toBe(200);
    const { recoveryCodes } = enabled.body.data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await admin.client.get("/api/app/me/two-factor")).body.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    // Stored sealed and hashed: neither the secret nor a recovery code is in the database as given.
    const db = await getDb();
    const user = await db.user.findUniqueOrThrow({ where: { id: admin.userId }, select: { twoFactorSecret: true, twoFactorPendingSecret: true } });
    expect(user.twoFactorSecret).not.toContain(secret);
    expect(user.twoFactorPendingSecret).toBeNull();
    const stored = await db.recoveryCode.findMany({ where: { userId: admin.userId } });
    expect(stored.map((row) => row.codeHash)).not.toContain(recoveryCodes[0]);

    const [entry] = await actionsOf(admin.organizationId, "auth.two_factor_enabled");
    expect(entry).toMatchObject({ actorId: admin.userId, targetId: admin.userId });
    expect(JSON.stringify(entry)).not.toContain(secret);

    // A second setup while it is on is refused; the secret in use stays.
    expect((await admin.client.post("/api/app/me/two-factor/setup")).status).toBe(409);
  });

  it("ends the person's other sessions when it is enabled", async () => {
    const admin = await signUpOrganization();
    const other = await logIn(admin.email);
    expect((await other.client.get("/api/app/me")).status).toBe(200);
    await enableTwoFactor(admin);
    expect((await other.client.get("/api/app/me")).status).toBe(401);
    expect((await admin.client.get("/api/app/me")).status).toBe(200);
  });
});

describe("login with two-factor on", () => {
  it("needs a right code after the right password; a wrong password is the usual 401 whatever the code", async () => {
    const admin = await signUpOrganization();
    const { secret } = await enableTwoFactor(admin, -1);

    const missing = await logIn(admin.email);
    expect(missing.response.status).toBe(401);
    expect(missing.response.body).toMatchObject({ error: "unauthorized", details: [{ field: "code" }] });
    expect(missing.response.headers.getSetCookie().some((cookie) => cookie.startsWith("tt_session=") && !cookie.startsWith("tt_session=;"))).toBe(false);

    await awayFromStepEdge();
    const wrongPassword = await logIn(admin.email, totpCode(secret), "not the password");
    expect(wrongPassword.response.status).toBe(401);
    expect(wrongPassword.response.body.message).toBe("Email or password is incorrect.");
    expect(wrongPassword.response.body.details).toBeUndefined();

    const right = await logIn(admin.email, totpCode(secret));
    expect(right.response.status, right.response.text).toBe(200);
    expect((await right.client.get("/api/app/me")).status).toBe(200);

    const failed = await actionsOf(admin.organizationId, "auth.login_failed");
    expect(failed.map((entry) => entry.metadata)).toEqual([{ reason: "password" }]);
    const succeeded = await actionsOf(admin.organizationId, "auth.login_succeeded");
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ actorId: admin.userId, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" });
  });

  it("accepts the step before and after, refuses two steps away, and accepts a code once", async () => {
    const admin = await signUpOrganization();
    // Enabled with the code two steps back is refused; the step before is the oldest that counts.
    const setup = await admin.client.post("/api/app/me/two-factor/setup");
    const secret: string = setup.body.data.secret;
    await awayFromStepEdge();
    expect((await admin.client.post("/api/app/me/two-factor/enable", { code: totpCode(secret, -2) })).status).toBe(400);
    expect((await admin.client.post("/api/app/me/two-factor/enable", { code: totpCode(secret, -1) })).status).toBe(200);

    await awayFromStepEdge();
    const [twoBack, previous, current, next, twoAhead] = [-2, -1, 0, 1, 2].map((offset) => totpCode(secret, offset));
    expect((await logIn(admin.email, twoBack)).response.status).toBe(401);
    expect((await logIn(admin.email, twoAhead)).response.status).toBe(401);
    // The enabling code (the step before) was used already.
    expect((await logIn(admin.email, previous)).response.status).toBe(401);
    expect((await logIn(admin.email, current)).response.status).toBe(200);
    expect((await logIn(admin.email, current)).response.body.details).toEqual([expect.objectContaining({ field: "code" })]);
    expect((await logIn(admin.email, next)).response.status).toBe(200);
    // Once a later step was accepted, an earlier one is not.
    expect((await logIn(admin.email, current)).response.status).toBe(401);
    expect((await logIn(admin.email, next)).response.status).toBe(401);
    expect((await actionsOf(admin.organizationId, "auth.login_failed")).map((entry) => entry.metadata)).toEqual(
      Array.from({ length: 6 }, () => ({ reason: "two_factor_code" })),
    );
  });

  it("takes each recovery code once, typed in any case and with or without the hyphen", async () => {
    const admin = await signUpOrganization();
    const { recoveryCodes } = await enableTwoFactor(admin);
    const [first, second] = recoveryCodes as [string, string];
    expect((await logIn(admin.email, first)).response.status).toBe(200);
    expect((await logIn(admin.email, first)).response.status).toBe(401);
    expect((await logIn(admin.email, second.replace("-", "").toUpperCase())).response.status).toBe(200);
    expect((await logIn(admin.email, "zzzzz-zzzzz")).response.status).toBe(401);
    expect((await admin.client.get("/api/app/me/two-factor")).body.data.recoveryCodesLeft).toBe(8);
  });

  it("counts failed codes in the login throttle: past the email's limit even the right code is refused", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const { secret } = await enableTwoFactor(admin);
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_EMAIL; attempt += 1) {
      expect((await logIn(admin.email, "000000")).response.status).toBe(401);
    }
    await awayFromStepEdge();
    const refused = await logIn(admin.email, totpCode(secret, 1));
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("does not count the missing code of the login page's first step", async () => {
    const admin = await signUpOrganization();
    const { secret } = await enableTwoFactor(admin);
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_EMAIL + 2; attempt += 1) {
      expect((await logIn(admin.email)).response.status).toBe(401);
    }
    await awayFromStepEdge();
    expect((await logIn(admin.email, totpCode(secret, 1))).response.status).toBe(200);
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code; a wrong one is a 400 on its field and changes nothing", async () => {
    const admin = await signUpOrganization();
    const { secret, recoveryCodes } = await enableTwoFactor(admin);
    await awayFromStepEdge();

    const noCode = await admin.client.delete("/api/app/me/two-factor", { body: { password: PASSWORD } });
    expect(noCode.status).toBe(400);
    expect(noCode.body.details.map((detail: { field: string }) => detail.field)).toEqual(["code"]);
    const wrongPassword = await admin.client.delete("/api/app/me/two-factor", { body: { password: "not the password", code: totpCode(secret, 1) } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.details).toEqual([{ field: "password", message: "is incorrect" }]);
    const wrongCode = await admin.client.delete("/api/app/me/two-factor", { body: { password: PASSWORD, code: "123456" === totpCode(secret, 1) ? "654321" : "123456" } });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.details.map((detail: { field: string }) => detail.field)).toEqual(["code"]);
    expect((await admin.client.get("/api/app/me/two-factor")).body.data.enabled).toBe(true);

    const other = await logIn(admin.email, recoveryCodes[0]);
    expect(other.response.status).toBe(200);
    const off = await admin.client.delete("/api/app/me/two-factor", { body: { password: PASSWORD, code: recoveryCodes[1] } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data).toEqual({ success: true });
    expect((await admin.client.get("/api/app/me/two-factor")).body.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    // The other session ended; a login needs no code any more.
    expect((await other.client.get("/api/app/me")).status).toBe(401);
    expect((await logIn(admin.email)).response.status).toBe(200);
    expect(await actionsOf(admin.organizationId, "auth.two_factor_disabled")).toHaveLength(1);
    expect(await (await getDb()).recoveryCode.count({ where: { userId: admin.userId } })).toBe(0);
  });
});

describe("two-factor required for everyone", () => {
  async function requiringOrganization(): Promise<{ admin: SignedInUser; member: SignedInUser }> {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    await enableTwoFactor(admin);
    const set = await admin.client.put("/api/app/organization/security", { requireTwoFactor: true });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toEqual({ requireTwoFactor: true, sso: null });
    return { admin, member };
  }

  it("is an admin's setting, recorded in the audit log", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const refused = await member.client.put("/api/app/organization/security", { requireTwoFactor: true });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    const invalid = await admin.client.put("/api/app/organization/security", { requireTwoFactor: "yes" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.map((detail: { field: string }) => detail.field)).toEqual(["requireTwoFactor"]);
    expect((await admin.client.get("/api/app/organization/security")).body.data).toEqual({ requireTwoFactor: false, sso: null });

    expect((await admin.client.put("/api/app/organization/security", { requireTwoFactor: true })).status).toBe(200);
    const [entry] = await actionsOf(admin.organizationId, "organization.security_changed");
    expect(entry).toMatchObject({ actorId: admin.userId, targetType: "organization", targetId: admin.organizationId });
    expect(entry!.metadata).toEqual({ changes: { requireTwoFactor: { from: false, to: true } } });
  });

  it("lets a user without it reach only the setup, me and sessions until it is on", async () => {
    const { admin, member } = await requiringOrganization();
    for (const [method, path] of [["GET", "/api/app/members"], ["GET", "/api/app/timers/current"], ["GET", "/api/app/me/preferences"], ["POST", "/api/app/timers/start"]] as const) {
      const refused = await member.client.request(method, path, method === "POST" ? { body: {} } : {});
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toMatchObject({ error: "forbidden", details: [{ field: "twoFactor" }] });
    }
    // The tRPC edge of the web app too.
    const viaTrpc = await member.client.get("/api/trpc/organization.listMembers?input=%7B%7D");
    expect(viaTrpc.status).toBe(403);

    expect((await member.client.get("/api/app/me")).status).toBe(200);
    expect((await member.client.get("/api/app/me/two-factor")).body.data).toEqual({ enabled: false, required: true, recoveryCodesLeft: 0 });
    expect((await member.client.get("/api/app/me/sessions")).status).toBe(200);
    await enableTwoFactor(member);
    expect((await member.client.get("/api/app/members")).status).toBe(200);
    // Those who have it were never held back.
    expect((await admin.client.get("/api/app/members")).status).toBe(200);
  });
});
