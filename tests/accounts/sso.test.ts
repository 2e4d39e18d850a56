// Single sign-on with OpenID Connect, against real providers on loopback: panva's certified
// oidc-provider for the sign-ins a compliant provider makes, and a provider of our own (real JWS, real
// JWKS) for the ID tokens no compliant provider would issue (wrong audience, expired, foreign key).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { TestClient } from "../harness/http";
import { PASSWORD, addMember, signUpOrganization, type SignedInUser } from "../harness/factories";
import { expectValidationError } from "../harness/assertions";
import { startForgedProvider, startOidcProvider, type ForgedProvider, type OidcProvider } from "../harness/oidc-providers";
import { isAcceptedIssuer } from "@/server/services/auth/sso-provider";
import { SSO_REDIRECT_URI, startSso, throughProvider } from "../harness/sso-sign-in";

let provider: OidcProvider;
let forged: ForgedProvider;

beforeAll(async () => {
  [provider, forged] = await Promise.all([startOidcProvider({ redirectUri: SSO_REDIRECT_URI }), startForgedProvider()]);
  // The first signup loads the routes and times the password hash: in the hook's longer bound, not a test's.
  await signUpOrganization();
});
afterAll(async () => {
  await Promise.all([provider?.close(), forged?.close()]);
});

const uniqueDomain = () => `corp-${randomBytes(5).toString("hex")}.example`;

/** A pro organization whose SSO signs in `domain` through the provider. */
async function ssoOrganization(idp: { issuer: string; clientId: string; clientSecret: string } = provider, options: { enforce?: boolean } = {}) {
  const admin = await signUpOrganization({ plan: "pro" });
  const domain = uniqueDomain();
  const saved = await admin.client.put("/api/app/organization/security", {
    sso: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomains: [domain], enforce: options.enforce ?? false },
  });
  expect(saved.status, saved.text).toBe(200);
  return { admin, domain };
}

/** A whole sign-in through the certified provider as `email`; the browser, and where Orbit sent it at the end. */
async function signInWithSso(email: string, claims: { email_verified?: boolean; email?: string } = {}) {
  const browser = new TestClient();
  const authorization = await startSso(browser, email);
  provider.signInAs({ email: claims.email ?? email, email_verified: claims.email_verified ?? true, name: "Sam Single" });
  const callbackPath = await throughProvider(authorization.href);
  const callback = await browser.get(callbackPath);
  expect(callback.status, callback.text).toBe(302);
  return { browser, location: callback.headers.get("location"), callbackPath };
}

async function auditActions(organizationId: string) {
  return (await getDb()).auditEvent.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } });
}

describe("SSO settings", () => {
  it("are saved after discovery, answered without the secret (only whether one is set), stored encrypted, and audited without it", async () => {
    const { admin, domain } = await ssoOrganization();
    const read = await admin.client.get("/api/app/organization/security");
    expect(read.status).toBe(200);
    expect(read.body.data.sso).toEqual({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecretSet: true,
      emailDomains: [domain],
      enforce: false,
      redirectUri: "http://localhost:3000/api/app/auth/sso/callback",
    });
    expect(read.text).not.toContain(provider.clientSecret);
    const stored = await (await getDb()).ssoConnection.findUniqueOrThrow({ where: { organizationId: admin.organizationId } });
    expect(stored.clientSecretEncrypted).not.toContain(provider.clientSecret);
    const [entry] = (await auditActions(admin.organizationId)).filter((row) => row.action === "organization.security_changed");
    expect(entry!.metadata).toEqual({ sso: { enabled: true, changed: ["issuer", "clientId", "emailDomains", "enforce", "clientSecret"] } });
    expect(JSON.stringify(entry)).not.toContain(provider.clientSecret);

    // A change without the secret keeps it; the entry names only what changed.
    const changed = await admin.client.put("/api/app/organization/security", { sso: { issuer: provider.issuer, clientId: provider.clientId, emailDomains: [domain], enforce: true } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.sso).toMatchObject({ enforce: true, clientSecretSet: true });
    const entries = (await auditActions(admin.organizationId)).filter((row) => row.action === "organization.security_changed");
    expect(entries.at(-1)!.metadata).toEqual({ sso: { enabled: true, changed: ["enforce"] } });

    const off = await admin.client.put("/api/app/organization/security", { sso: null });
    expect(off.body.data).toEqual({ requireTwoFactor: false, sso: null });
    expect(await (await getDb()).ssoEmailDomain.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("need the pro plan (402) and an admin (403)", async () => {
    const admin = await signUpOrganization();
    const body = { sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, emailDomains: [uniqueDomain()], enforce: false } };
    const free = await admin.client.put("/api/app/organization/security", body);
    expect(free.status).toBe(402);
    expect(free.body.error).toBe("plan_required");
    const pro = await signUpOrganization({ plan: "pro" });
    const member = await addMember(pro);
    expect((await member.client.put("/api/app/organization/security", body)).status).toBe(403);
    expect((await member.client.get("/api/app/organization/security")).status).toBe(403);
  });

  it("accept a plain-HTTP issuer only on loopback and only outside production", () => {
    expect(isAcceptedIssuer("https://idp.example.com", "production")).toBe(true);
    expect(isAcceptedIssuer(provider.issuer, "test")).toBe(true);
    expect(isAcceptedIssuer("http://localhost:8080", "development")).toBe(true);
    expect(isAcceptedIssuer(provider.issuer, "production")).toBe(false);
    expect(isAcceptedIssuer("http://localhost:8080", "production")).toBe(false);
    expect(isAcceptedIssuer("http://idp.example.com", "development")).toBe(false);
  });

  it("refuse an issuer whose discovery fails, and bad input, with field errors and nothing saved", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const base = { clientId: "orbit", clientSecret: "s", emailDomains: [uniqueDomain()], enforce: false };
    // A loopback port where no provider listens: discovery cannot run.
    const unreachable = await admin.client.put("/api/app/organization/security", { sso: { ...base, issuer: "http://127.0.0.1:9/" } });
    expectValidationError(unreachable, ["sso.issuer"]);
    // A provider that answers, but under another issuer than the one given.
    const wrongIssuer = await admin.client.put("/api/app/organization/security", { sso: { ...base, issuer: `${provider.issuer}/other` } });
    expectValidationError(wrongIssuer, ["sso.issuer"]);
    expectValidationError(await admin.client.put("/api/app/organization/security", { sso: { ...base, issuer: "http://idp.example.com" } }), ["sso.issuer"]);
    expectValidationError(await admin.client.put("/api/app/organization/security", { sso: { ...base, issuer: provider.issuer, emailDomains: ["not a domain"] } }), ["sso.emailDomains.0"]);
    const { clientSecret: _secret, ...withoutSecret } = base;
    expectValidationError(await admin.client.put("/api/app/organization/security", { sso: { ...withoutSecret, issuer: provider.issuer } }), ["sso.clientSecret"]);
    expect((await admin.client.get("/api/app/organization/security")).body.data).toEqual({ requireTwoFactor: false, sso: null });
    expect((await auditActions(admin.organizationId)).filter((row) => row.action === "organization.security_changed")).toHaveLength(0);
  });

  it("give an email domain to one organization only (409 on emailDomains)", async () => {
    const { domain } = await ssoOrganization();
    const other = await signUpOrganization({ plan: "pro" });
    const taken = await other.client.put("/api/app/organization/security", {
      sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, emailDomains: [domain.toUpperCase()], enforce: false },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details).toEqual([expect.objectContaining({ field: "emailDomains" })]);
  });
});

describe("SSO sign-in through a certified provider", () => {
  it("creates a member at the first sign-in, then signs the same user in again, each audited as an SSO login", async () => {
    const { admin, domain } = await ssoOrganization();
    const email = `sam@${domain}`;
    const first = await signInWithSso(email);
    expect(first.location).toBe("/timer");
    const me = await first.browser.get("/api/app/me");
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ user: { email, name: "Sam Single" }, role: "member", organization: { id: admin.organizationId } });
    // No usable password: the member cannot sign in with one.
    expect((await new TestClient().post("/api/app/auth/login", { email, password: PASSWORD })).status).toBe(401);

    const second = await signInWithSso(email.toUpperCase());
    expect(second.location).toBe("/timer");
    expect((await second.browser.get("/api/app/me")).body.data.user.id).toBe(me.body.data.user.id);
    expect(await (await getDb()).user.count({ where: { email } })).toBe(1);
    const logins = (await auditActions(admin.organizationId)).filter((row) => row.action === "auth.login_succeeded");
    expect(logins.map((row) => [row.actorId, (row.metadata as { method: string }).method])).toEqual([
      [me.body.data.user.id, "sso"],
      [me.body.data.user.id, "sso"],
    ]);
  });

  it("signs in an existing member of the organization", async () => {
    const { admin, domain } = await ssoOrganization();
    const email = `max@${domain}`;
    expect((await admin.client.post("/api/app/members", { email, password: PASSWORD, name: "Max", role: "member" })).status).toBe(201);
    const { browser, location } = await signInWithSso(email);
    expect(location).toBe("/timer");
    expect((await browser.get("/api/app/me")).body.data.user.email).toBe(email);
  });

  it("refuses a replayed callback (the same state and nonce), with no session", async () => {
    const { domain } = await ssoOrganization();
    const browser = new TestClient();
    const authorization = await startSso(browser, `rita@${domain}`);
    const pending = browser.cookie("tt_sso")!;
    provider.signInAs({ email: `rita@${domain}` });
    const callbackPath = await throughProvider(authorization.href);
    expect((await browser.get(callbackPath)).headers.get("location")).toBe("/timer");
    const attacker = new TestClient();
    const replay = await attacker.get(callbackPath, { headers: { cookie: `tt_sso=${pending}` } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/login?sso=expired");
    expect((await attacker.get("/api/app/me")).status).toBe(401);
  });

  it("refuses an unverified email, another domain, a user of another organization, a deactivated member; no session each time", async () => {
    const { admin, domain } = await ssoOrganization();
    const unverified = await signInWithSso(`una@${domain}`, { email_verified: false });
    expect(unverified.location).toBe("/login?sso=unverified_email");
    expect((await unverified.browser.get("/api/app/me")).status).toBe(401);

    const elsewhere = await signInWithSso(`una@${domain}`, { email: `una@${uniqueDomain()}` });
    expect(elsewhere.location).toBe("/login?sso=wrong_domain");
    expect((await elsewhere.browser.get("/api/app/me")).status).toBe(401);

    // Someone of another organization with an email of this domain.
    const other = await signUpOrganization();
    const outsider = `otto@${domain}`;
    expect((await other.client.post("/api/app/members", { email: outsider, password: PASSWORD, name: "Otto", role: "member" })).status).toBe(201);
    const foreign = await signInWithSso(outsider);
    expect(foreign.location).toBe("/login?sso=other_organization");
    expect((await foreign.browser.get("/api/app/me")).status).toBe(401);

    const gone = `gone@${domain}`;
    const created = await admin.client.post("/api/app/members", { email: gone, password: PASSWORD, name: "Gone", role: "member" });
    expect((await admin.client.post(`/api/app/members/${created.body.data.user.id}/deactivate`)).status).toBe(200);
    const deactivated = await signInWithSso(gone);
    expect(deactivated.location).toBe("/login?sso=deactivated");
    expect((await deactivated.browser.get("/api/app/me")).status).toBe(401);
    expect(await (await getDb()).user.count({ where: { email: { in: [`una@${domain}`] } } })).toBe(0);
    // The refused existing user's attempt is in the audit log; strangers' are not.
    const failures = (await auditActions(admin.organizationId)).filter((entry) => entry.action === "auth.login_failed");
    expect(failures.map((entry) => [entry.targetId, entry.metadata])).toEqual([[created.body.data.user.id, { reason: "deactivated", method: "sso" }]]);
  });

  it("sends an email of no SSO domain, or no email, back to the login page", async () => {
    const browser = new TestClient();
    const none = await browser.get(`/api/app/auth/sso/start?email=${encodeURIComponent(`a@${uniqueDomain()}`)}`);
    expect(none.status).toBe(302);
    expect(none.headers.get("location")).toBe("/login?sso=no_organization");
    expect((await browser.get("/api/app/auth/sso/start?email=nobody")).headers.get("location")).toBe("/login?sso=invalid_email");
    // A callback without a sign-in in progress.
    expect((await browser.get("/api/app/auth/sso/callback?code=x&state=y")).headers.get("location")).toBe("/login?sso=expired");
  });

  it("starts the code flow with PKCE (S256), state and nonce", async () => {
    const { domain } = await ssoOrganization();
    const authorization = await startSso(new TestClient(), `p@${domain}`);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: "code",
      client_id: provider.clientId,
      redirect_uri: "http://localhost:3000/api/app/auth/sso/callback",
      code_challenge_method: "S256",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
  });
});

describe("SSO sign-in refuses ID tokens a compliant provider would not issue", () => {
  let domain: string;
  beforeAll(async () => {
    ({ domain } = await ssoOrganization(forged));
  });

  /** Starts at Orbit, has the forged provider answer the exchange with this token, and comes back. */
  async function callbackWith(token: { overrides?: Record<string, unknown>; foreignKey?: boolean }) {
    const browser = new TestClient();
    const email = `fay@${domain}`;
    const authorization = await startSso(browser, email);
    forged.issue({ nonce: authorization.searchParams.get("nonce")!, claims: { email }, ...token });
    const callback = await browser.get(`/api/app/auth/sso/callback?code=c0de&state=${authorization.searchParams.get("state")}`);
    expect(callback.status).toBe(302);
    const signedIn = (await browser.get("/api/app/me")).status === 200;
    return { location: callback.headers.get("location"), signedIn };
  }

  it("accepts the right token (the control for the refusals below)", async () => {
    expect(await callbackWith({})).toEqual({ location: "/timer", signedIn: true });
  });

  it.each([
    ["a wrong audience", { overrides: { aud: "someone-else" } }],
    ["an expired ID token", { overrides: { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } }],
    ["a wrong nonce", { overrides: { nonce: "replayed-nonce" } }],
    ["a wrong issuer", { overrides: { iss: "http://127.0.0.1:1" } }],
    ["a signature by a key not in the issuer's JWKS", { foreignKey: true }],
  ])("refuses %s", async (_name, token) => {
    expect(await callbackWith(token)).toEqual({ location: "/login?sso=failed", signedIn: false });
  });
});

describe("enforced SSO", () => {
  it("refuses password login to members of the domains (403 on email) and keeps it for admins", async () => {
    const { admin, domain } = await ssoOrganization(provider, { enforce: true });
    const memberEmail = `mia@${domain}`;
    const adminEmail = `root@${domain}`;
    expect((await admin.client.post("/api/app/members", { email: memberEmail, password: PASSWORD, name: "Mia", role: "member" })).status).toBe(201);
    expect((await admin.client.post("/api/app/members", { email: adminEmail, password: PASSWORD, name: "Root", role: "admin" })).status).toBe(201);
    const refused = await new TestClient().post("/api/app/auth/login", { email: memberEmail, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Sign in with SSO/);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: "email" })]);
    expect((await new TestClient().post("/api/app/auth/login", { email: adminEmail, password: PASSWORD })).status).toBe(200);
    // A wrong password is still the usual 401: the refusal tells only someone who knows the password.
    expect((await new TestClient().post("/api/app/auth/login", { email: memberEmail, password: "wrong password!" })).status).toBe(401);
    const failures = (await auditActions(admin.organizationId)).filter((entry) => entry.action === "auth.login_failed");
    expect(failures.map((entry) => [entry.targetLabel, entry.metadata])).toEqual([
      [memberEmail, { reason: "sso_required" }],
      [memberEmail, { reason: "password" }],
    ]);
  });

  it("leaves password login alone when not enforced", async () => {
    const { admin, domain } = await ssoOrganization();
    const member: SignedInUser = await addMember(admin);
    expect(member.email).not.toContain(domain);
    const email = `lee@${domain}`;
    expect((await admin.client.post("/api/app/members", { email, password: PASSWORD, name: "Lee", role: "member" })).status).toBe(201);
    expect((await new TestClient().post("/api/app/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });
});
