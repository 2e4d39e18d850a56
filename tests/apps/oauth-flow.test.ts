// The OAuth 2.0 authorization code flow with PKCE (app-api section 14), driven by a real OAuth client
// (oauth4webapi) against Orbit's server on a socket: metadata discovery, the consent decision (the
// consent page's POST, with the admin's session cookie), the token request and its validation, then
// the issued key against /api/v1; and every refusal the endpoints answer in OAuth's formats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oauth from "oauth4webapi";
import { authorizeUrl, exchangeCode, Orbit } from "orbit/sdk";
import { getDb } from "@/server/db";
import { hashApiKey } from "@/server/auth/api-keys";
import { addMember, apiClient, createApiKey, signUpOrganization, type SignedInUser } from "../harness/factories";
import { BASE_URL, dispatchToNext } from "../harness/http";
import { startOrbitServer, type StartedServer } from "../harness/server";

const REDIRECT_URI = "https://ledger.example/callback";
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let server: StartedServer;
let issuer: URL;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  server = await startOrbitServer(dispatchToNext);
  issuer = new URL(`http://127.0.0.1:${server.port}`);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
});
afterAll(() => server.close());

interface RegisteredApp {
  id: string;
  clientId: string;
  clientSecret: string;
  client: oauth.Client;
}

async function registerApp(maker: SignedInUser, scopes = ["tasks:read", "customers:read"]): Promise<RegisteredApp> {
  const response = await maker.client.post("/api/app/oauth-apps", { name: "Ledger Sync", redirectUris: [REDIRECT_URI, "https://ledger.example/other"], scopes, websiteUrl: "https://ledger.example" });
  expect(response.status, response.text).toBe(201);
  const { id, clientId, clientSecret } = response.body.data;
  return { id, clientId, clientSecret, client: { client_id: clientId } };
}

interface Authorization {
  url: URL;
  verifier: string;
  state: string;
}

async function authorizationRequest(app: RegisteredApp, scope = "tasks:read", overrides: Record<string, string | null> = {}): Promise<Authorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("redirect_uri", REDIRECT_URI);
  url.searchParams.set("scope", scope);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return { url, verifier, state };
}

/** The consent form's POST, as the page's Allow / Deny buttons send it. */
function decide(user: SignedInUser, authorization: Authorization, decision: "allow" | "deny", headers: Record<string, string> = { origin: BASE_URL }) {
  const form = new URLSearchParams(authorization.url.searchParams);
  form.set("decision", decision);
  return user.client.request("POST", "/oauth/authorize", { rawBody: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
}

async function allow(user: SignedInUser, authorization: Authorization): Promise<URLSearchParams> {
  const response = await decide(user, authorization, "allow");
  expect(response.status, response.text).toBe(302);
  const location = new URL(response.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(REDIRECT_URI);
  return location.searchParams;
}

async function exchange(app: RegisteredApp, callback: URLSearchParams, verifier: string, auth = oauth.ClientSecretBasic(app.clientSecret)) {
  return oauth.authorizationCodeGrantRequest(as, app.client, auth, callback, REDIRECT_URI, verifier, insecure);
}

/** The whole flow: an admin of `installer` allows, the app redeems the code. */
async function install(app: RegisteredApp, installer: SignedInUser, scope = "tasks:read") {
  const authorization = await authorizationRequest(app, scope);
  const callback = oauth.validateAuthResponse(as, app.client, new URL(`${REDIRECT_URI}?${await allow(installer, authorization)}`), authorization.state);
  const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, await exchange(app, callback, authorization.verifier));
  return { tokens, callback, authorization };
}

async function tokenError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body).toEqual({ error, error_description: expect.any(String) });
  return response;
}

describe("the SDK's authorizeUrl and exchangeCode against the real endpoints", () => {
  it("install an app end to end: the consent's code redeemed for a key the SDK's client then uses", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro", name: "SDK Installer" });
    const app = await registerApp(maker);
    const request = authorizeUrl({ baseUrl: issuer.origin, clientId: app.clientId, redirectUri: REDIRECT_URI, scopes: ["tasks:read"] });
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe(as.authorization_endpoint);
    const callback = await allow(installer, { url, verifier: request.codeVerifier, state: request.state });
    expect(callback.get("state")).toBe(request.state);
    const token = await exchangeCode({ baseUrl: issuer.origin, clientId: app.clientId, clientSecret: app.clientSecret, code: callback.get("code")!, redirectUri: REDIRECT_URI, codeVerifier: request.codeVerifier });
    expect(token).toMatchObject({ token_type: "Bearer", scope: "tasks:read", organization_id: installer.organizationId, organization_name: "SDK Installer" });
    const orbit = new Orbit({ apiKey: token.access_token, baseUrl: issuer.origin });
    const tasks = [];
    for await (const task of orbit.tasks.list({})) tasks.push(task);
    expect(tasks).toEqual([]);
    // The code is single use: the SDK's second exchange is refused in OAuth's words.
    await expect(
      exchangeCode({ baseUrl: issuer.origin, clientId: app.clientId, clientSecret: app.clientSecret, code: callback.get("code")!, redirectUri: REDIRECT_URI, codeVerifier: request.codeVerifier, authMethod: "client_secret_post" }),
    ).rejects.toMatchObject({ error: "invalid_grant", status: 400 });
  });
});

describe("the metadata (RFC 8414)", () => {
  it("names the endpoints under the public origin and what they support", () => {
    expect(as).toMatchObject({
      issuer: issuer.origin,
      authorization_endpoint: `${issuer.origin}/oauth/authorize`,
      token_endpoint: `${issuer.origin}/oauth/token`,
      revocation_endpoint: `${issuer.origin}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    });
    expect(as.scopes_supported).toContain("tasks:read");
    expect(as.scopes_supported).toContain("*");
  });
});

describe("installing an app", () => {
  // The file's first test also waits for the routes' first load.
  it("issues an API key of the installing organization with the granted scopes, which /api/v1 admits", { timeout: 120_000 }, async () => {
    const maker = await signUpOrganization({ plan: "pro", name: "Ledger Inc" });
    const installer = await signUpOrganization({ plan: "pro", name: "Installer Co" });
    const app = await registerApp(maker);
    const { tokens } = await install(app, installer, "tasks:read");
    expect(tokens).toMatchObject({ token_type: "bearer", scope: "tasks:read", organization_id: installer.organizationId, organization_name: "Installer Co" });
    expect(tokens.access_token).toMatch(/^sk_[0-9a-f]{64}$/);

    const stored = await (await getDb()).apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(tokens.access_token) } });
    expect(stored).toMatchObject({ organizationId: installer.organizationId, name: "App: Ledger Sync", scopes: ["tasks:read"], rateLimitPerHour: 1000, oauthAppId: app.id, isActive: true });

    const api = apiClient(tokens.access_token);
    expect((await api.get("/api/v1/tasks")).status).toBe(200);
    // Scopes enforced: the key was granted tasks:read only.
    const denied = await api.post("/api/v1/tasks", { title: "Not allowed" });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("forbidden");
    expect(denied.text).toContain("tasks:write");

    // Listed among the installer's API keys as the app's, and in Settings → Apps; the maker sees only the count.
    const keys = await installer.client.get("/api/app/api-keys");
    expect(keys.body.data.find((key: { id: string }) => key.id === stored.id)).toMatchObject({ name: "App: Ledger Sync", app: { id: app.id, name: "Ledger Sync" } });
    const installed = await installer.client.get("/api/app/installed-apps");
    expect(installed.status).toBe(200);
    expect(installed.body.data).toEqual([
      { id: expect.any(String), appName: "Ledger Sync", clientId: app.clientId, websiteUrl: "https://ledger.example", scopes: ["tasks:read"], installedBy: { name: "Ada Admin" }, installedAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    const makersView = await maker.client.get("/api/app/oauth-apps");
    expect(makersView.body.data[0].installations).toBe(1);
    expect(makersView.text).not.toContain(tokens.access_token);
    expect(makersView.text).not.toContain(installer.organizationId);
    const makersKeys = await maker.client.get("/api/app/api-keys");
    expect(makersKeys.body.data).toEqual([]);

    const installerAudit = await (await getDb()).auditEvent.findMany({ where: { organizationId: installer.organizationId, action: "app.installed" } });
    expect(installerAudit).toHaveLength(1);
    expect(JSON.stringify(installerAudit)).not.toContain(tokens.access_token);
  });

  it("accepts the client in the form (client_secret_post) and answers exactly RFC 6749 5.1 with no-store", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const authorization = await authorizationRequest(app);
    const callback = oauth.validateAuthResponse(as, app.client, new URL(`${REDIRECT_URI}?${await allow(installer, authorization)}`), authorization.state);
    const response = await exchange(app, callback, authorization.verifier, oauth.ClientSecretPost(app.clientSecret));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toEqual({ access_token: expect.stringMatching(/^sk_[0-9a-f]{64}$/), token_type: "Bearer", scope: "tasks:read", organization_id: installer.organizationId, organization_name: "Acme" });
  });

  it("replaces the previous key when the same app is installed again", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const first = await install(app, installer);
    const second = await install(app, installer, "tasks:read customers:read");
    expect((await apiClient(first.tokens.access_token).get("/api/v1/tasks")).status).toBe(401);
    expect((await apiClient(second.tokens.access_token).get("/api/v1/customers")).status).toBe(200);
    expect((await installer.client.get("/api/app/installed-apps")).body.data).toHaveLength(1);
    expect((await maker.client.get("/api/app/oauth-apps")).body.data[0].installations).toBe(1);
  });

  it("denied: back to the app with access_denied and the state, and no code", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const authorization = await authorizationRequest(app);
    const response = await decide(installer, authorization, "deny");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe(authorization.state);
    expect(location.searchParams.has("code")).toBe(false);
    expect(() => oauth.validateAuthResponse(as, app.client, location, authorization.state)).toThrow(oauth.AuthorizationResponseError);
  });
});

describe("what the consent decision refuses", () => {
  it("a member, a free plan, or no session: no code; the browser is sent back to the page or to log in", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const pro = await signUpOrganization({ plan: "pro" });
    const member = await addMember(pro);
    const free = await signUpOrganization();
    for (const user of [member, free]) {
      const response = await decide(user, await authorizationRequest(app), "allow");
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get("location")!).pathname).toBe("/oauth/authorize");
    }
    const signedOut = { ...member, client: new (member.client.constructor as new () => SignedInUser["client"])() };
    const response = await decide(signedOut, await authorizationRequest(app), "allow");
    expect(response.status).toBe(303);
    const login = new URL(response.headers.get("location")!);
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("next")).toMatch(/^\/oauth\/authorize\?/);
    expect(await (await getDb()).oAuthAuthorizationCode.count({ where: { appId: app.id } })).toBe(0);
  });

  it("a POST from another origin, or without Origin: 403", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    expect((await decide(installer, await authorizationRequest(app), "allow", { origin: "https://evil.example" })).status).toBe(403);
    expect((await decide(installer, await authorizationRequest(app), "allow", {})).status).toBe(403);
    expect(await (await getDb()).oAuthAuthorizationCode.count({ where: { appId: app.id } })).toBe(0);
  });

  it("an unknown client or an unregistered redirect URI never redirects to it", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const untrusted: Array<Record<string, string | null>> = [{ client_id: "oa_000000000000000000000000" }, { redirect_uri: "https://evil.example/callback" }, { redirect_uri: `${REDIRECT_URI}/` }, { redirect_uri: null }];
    for (const overrides of untrusted) {
      const response = await decide(installer, await authorizationRequest(app, "tasks:read", overrides), "allow");
      expect(response.status).toBe(303);
      expect(new URL(response.headers.get("location")!).pathname).toBe("/oauth/authorize");
    }
  });

  it("a bad scope or a missing or non-S256 challenge: back to the app with invalid_scope / invalid_request and the state", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const cases: Array<[string, Record<string, string | null>, string]> = [
      ["tasks:write", {}, "invalid_scope"],
      ["tasks:read nonsense", {}, "invalid_scope"],
      ["", {}, "invalid_scope"],
      ["tasks:read", { code_challenge: null }, "invalid_request"],
      ["tasks:read", { code_challenge_method: "plain" }, "invalid_request"],
      ["tasks:read", { code_challenge_method: null }, "invalid_request"],
      ["tasks:read", { response_type: "token" }, "unsupported_response_type"],
    ];
    for (const [scope, overrides, error] of cases) {
      const authorization = await authorizationRequest(app, scope, overrides);
      const response = await decide(installer, authorization, "allow");
      expect(response.status, `${scope} ${JSON.stringify(overrides)}`).toBe(302);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(REDIRECT_URI);
      expect(location.searchParams.get("error")).toBe(error);
      expect(location.searchParams.get("state")).toBe(authorization.state);
      expect(location.searchParams.has("code")).toBe(false);
    }
    expect(await (await getDb()).oAuthAuthorizationCode.count({ where: { appId: app.id } })).toBe(0);
  });
});

describe("what the token endpoint refuses (RFC 6749 5.2)", () => {
  it("a reused code: invalid_grant, and the key its first use issued is revoked", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const { tokens, callback, authorization } = await install(app, installer);
    await tokenError(await exchange(app, callback, authorization.verifier), 400, "invalid_grant");
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(401);
    expect((await installer.client.get("/api/app/installed-apps")).body.data).toEqual([]);
  });

  it("a wrong verifier, another redirect URI, another client, an unknown or expired code: invalid_grant", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const otherApp = await registerApp(maker);
    const authorization = await authorizationRequest(app);
    const callback = oauth.validateAuthResponse(as, app.client, new URL(`${REDIRECT_URI}?${await allow(installer, authorization)}`), authorization.state);
    await tokenError(await exchange(app, callback, oauth.generateRandomCodeVerifier()), 400, "invalid_grant");
    await tokenError(await oauth.authorizationCodeGrantRequest(as, app.client, oauth.ClientSecretBasic(app.clientSecret), callback, "https://ledger.example/other", authorization.verifier, insecure), 400, "invalid_grant");
    await tokenError(await exchange(otherApp, callback, authorization.verifier), 400, "invalid_grant");
    const unknownCode = oauth.validateAuthResponse(as, app.client, new URL(`${REDIRECT_URI}?code=not-a-code&state=${authorization.state}`), authorization.state);
    await tokenError(await exchange(app, unknownCode, authorization.verifier), 400, "invalid_grant");
    // The refusals above left the code unused: it still works once, until it expires.
    await (await getDb()).oAuthAuthorizationCode.updateMany({ where: { appId: app.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await tokenError(await exchange(app, callback, authorization.verifier), 400, "invalid_grant");
    expect(await (await getDb()).apiKey.count({ where: { organizationId: installer.organizationId } })).toBe(0);
  });

  it("a wrong secret or unknown client: 401 invalid_client with WWW-Authenticate: Basic; a rotated secret stops at once", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const authorization = await authorizationRequest(app);
    const callback = oauth.validateAuthResponse(as, app.client, new URL(`${REDIRECT_URI}?${await allow(installer, authorization)}`), authorization.state);
    const wrong = await tokenError(await exchange(app, callback, authorization.verifier, oauth.ClientSecretBasic(`oas_${"0".repeat(64)}`)), 401, "invalid_client");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic /);
    await tokenError(await exchange({ ...app, client: { client_id: "oa_000000000000000000000000" } }, callback, authorization.verifier), 401, "invalid_client");
    const rotated = await maker.client.post(`/api/app/oauth-apps/${app.id}/rotate-secret`);
    await tokenError(await exchange(app, callback, authorization.verifier), 401, "invalid_client");
    const ok = await exchange(app, callback, authorization.verifier, oauth.ClientSecretBasic(rotated.body.data.clientSecret));
    expect(ok.status).toBe(200);
  });

  it("a malformed request: invalid_request, unsupported_grant_type", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const basic = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(as.token_endpoint!, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic, ...headers } });
    await tokenError(await post("grant_type=client_credentials"), 400, "unsupported_grant_type");
    await tokenError(await post("grant_type=authorization_code&redirect_uri=x&code_verifier=y"), 400, "invalid_request");
    await tokenError(await post(""), 400, "invalid_request");
    await tokenError(await post('{"grant_type":"authorization_code"}', { "content-type": "application/json" }), 400, "invalid_request");
    await tokenError(await post(`grant_type=authorization_code&client_secret=${app.clientSecret}`), 400, "invalid_request");
  });

  it("a method an endpoint lacks: 405 naming the ones it has (Allow), in OAuth's error form", async () => {
    for (const [method, url, allow] of [
      ["GET", as.token_endpoint!, "POST, OPTIONS"],
      ["DELETE", as.token_endpoint!, "POST, OPTIONS"],
      ["GET", as.revocation_endpoint!, "POST, OPTIONS"],
      ["POST", `${issuer.origin}/.well-known/oauth-authorization-server`, "GET, HEAD, OPTIONS"],
    ] as const) {
      const response = await fetch(url, { method });
      expect(response.status, `${method} ${url}`).toBe(405);
      expect(response.headers.get("allow"), `${method} ${url}`).toBe(allow);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ error: "invalid_request", error_description: `Method ${method} is not allowed on this route.` });
    }
  });
});

describe("ending an installation", () => {
  it("uninstalling in Settings → Apps revokes the key at once (401) and is recorded", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const { tokens } = await install(app, installer);
    const [installed] = (await installer.client.get("/api/app/installed-apps")).body.data;
    expect((await maker.client.delete(`/api/app/installed-apps/${installed.id}`)).status).toBe(404);
    const member = await addMember(installer);
    expect((await member.client.delete(`/api/app/installed-apps/${installed.id}`)).status).toBe(403);
    const response = await installer.client.delete(`/api/app/installed-apps/${installed.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true, id: installed.id });
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(401);
    expect((await maker.client.get("/api/app/oauth-apps")).body.data[0].installations).toBe(0);
    expect(await (await getDb()).auditEvent.count({ where: { organizationId: installer.organizationId, action: "app.uninstalled" } })).toBe(1);
  });

  it("revoking the app's key on the API keys page uninstalls", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const { tokens } = await install(app, installer);
    const key = await (await getDb()).apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(tokens.access_token) } });
    expect((await installer.client.delete(`/api/app/api-keys/${key.id}`)).status).toBe(200);
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(401);
    expect((await installer.client.get("/api/app/installed-apps")).body.data).toEqual([]);
  });

  it("deleting the app revokes every key issued to it, and each installing organization's audit log says it was uninstalled", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const first = await signUpOrganization({ plan: "pro" });
    const second = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const keys = [(await install(app, first)).tokens.access_token, (await install(app, second)).tokens.access_token];
    expect((await maker.client.get("/api/app/oauth-apps")).body.data[0].installations).toBe(2);
    expect((await maker.client.delete(`/api/app/oauth-apps/${app.id}`)).status).toBe(200);
    for (const key of keys) expect((await apiClient(key).get("/api/v1/tasks")).status).toBe(401);
    for (const installer of [first, second]) {
      const events = (await installer.client.get("/api/app/audit-events?action=app.uninstalled")).body.data;
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actor: { type: "system", name: "Orbit" }, target: { type: "installed_app", label: "Ledger Sync" }, metadata: { reason: "app_deleted" } });
    }
    expect((await maker.client.get("/api/app/audit-events?action=app.uninstalled")).body.data).toEqual([]);
  });

  it("revocation (RFC 7009): 200 whatever the token; a key issued to that client is revoked, no other", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const otherApp = await registerApp(maker);
    const { tokens } = await install(app, installer);
    const handMade = await createApiKey(installer, ["*"], { rateLimitPerHour: 10 });
    const revoke = (client: RegisteredApp, token: string) => oauth.revocationRequest(as, client.client, oauth.ClientSecretBasic(client.clientSecret), token, insecure);
    for (const token of ["unknown", `sk_${"0".repeat(64)}`, handMade.key, tokens.access_token]) {
      const response = await revoke(otherApp, token);
      expect(response.status).toBe(200);
      await oauth.processRevocationResponse(response);
    }
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(200);
    expect((await apiClient(handMade.key).get("/api/v1/tasks")).status).toBe(200);
    await oauth.processRevocationResponse(await revoke(app, tokens.access_token));
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(401);
    expect((await revoke(app, tokens.access_token)).status).toBe(200);
    const wrong = await oauth.revocationRequest(as, app.client, oauth.ClientSecretBasic(`oas_${"1".repeat(64)}`), tokens.access_token, insecure);
    await tokenError(wrong, 401, "invalid_client");
  });

  it("an app revoking its own key is in the installing organization's audit log with the app as actor", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const { tokens } = await install(app, installer);
    const key = await (await getDb()).apiKey.findUniqueOrThrow({ where: { keyHash: hashApiKey(tokens.access_token) } });
    const response = await oauth.revocationRequest(as, app.client, oauth.ClientSecretBasic(app.clientSecret), tokens.access_token, insecure);
    await oauth.processRevocationResponse(response);
    const events = (await installer.client.get("/api/app/audit-events?action=app.uninstalled")).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: "app", id: app.id, name: "Ledger Sync" },
      target: { type: "installed_app", label: "Ledger Sync" },
      metadata: { clientId: app.clientId, apiKeyId: key.id, by: "revocation" },
    });
    // Filtered by the actor, the app's entries are found by the app's id.
    expect((await installer.client.get(`/api/app/audit-events?actorId=${app.id}`)).body.data.map((event: { action: string }) => event.action)).toEqual(["app.uninstalled"]);
  });

  it("the plan gate: a key issued to a pro organization is refused (402) once it is on the free plan", async () => {
    const maker = await signUpOrganization({ plan: "pro" });
    const installer = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(maker);
    const { tokens } = await install(app, installer);
    expect((await installer.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    expect((await apiClient(tokens.access_token).get("/api/v1/tasks")).status).toBe(402);
  });
});
