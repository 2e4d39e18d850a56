// authorizeUrl and exchangeCode of orbit/sdk: the authorize URL carries every parameter of the spec's
// table with an S256 challenge of a fresh verifier; the code exchange posts the spec's form with the
// client in HTTP Basic (or the body) and answers the token, or throws the OAuth error it got.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeUrl, exchangeCode, OrbitOAuthError } from "orbit/sdk";
import { useReceivers } from "../harness/receiver";

const startTokenEndpoint = useReceivers();
const TOKEN = { access_token: `sk_${"a".repeat(64)}`, token_type: "Bearer", scope: "tasks:read reports:read", organization_id: "org_1", organization_name: "Acme" };

describe("OAuth with PKCE", () => {
  it("builds the authorize URL with an S256 challenge of a fresh verifier and a state", () => {
    const first = authorizeUrl({ baseUrl: "https://orbit.example.com/ignored/path", clientId: "oa_0123", redirectUri: "https://app.example.com/callback", scopes: ["tasks:read", "reports:read"] });
    const url = new URL(first.url);
    expect(url.origin + url.pathname).toBe("https://orbit.example.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "oa_0123",
      redirect_uri: "https://app.example.com/callback",
      scope: "tasks:read reports:read",
      state: first.state,
      code_challenge: createHash("sha256").update(first.codeVerifier).digest("base64url"),
      code_challenge_method: "S256",
    });
    // RFC 7636: 43-128 characters of the unreserved set.
    expect(first.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const second = authorizeUrl({ baseUrl: "https://orbit.example.com", clientId: "oa_0123", redirectUri: "https://app.example.com/callback", scopes: ["tasks:read"], state: "mine" });
    expect(second.state).toBe("mine");
    expect(second.codeVerifier).not.toBe(first.codeVerifier);
  });

  it("exchanges the code with the client in HTTP Basic by default, or in the body, and returns the token", async () => {
    const endpoint = await startTokenEndpoint(() => ({ status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" }, body: JSON.stringify(TOKEN) }));
    const base = { baseUrl: `http://127.0.0.1:${endpoint.port}`, clientId: "oa_0123", clientSecret: "oas_s3cret", code: "the-code", redirectUri: "https://app.example.com/callback", codeVerifier: "v".repeat(43) };
    expect(await exchangeCode(base)).toEqual(TOKEN);
    expect(await exchangeCode({ ...base, authMethod: "client_secret_post" })).toEqual(TOKEN);

    const [basic, post] = endpoint.requests;
    expect(basic!.method).toBe("POST");
    expect(basic!.path).toBe("/oauth/token");
    expect(basic!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(basic!.headers.authorization).toBe(`Basic ${Buffer.from("oa_0123:oas_s3cret").toString("base64")}`);
    const form = { grant_type: "authorization_code", code: "the-code", redirect_uri: "https://app.example.com/callback", code_verifier: "v".repeat(43) };
    expect(Object.fromEntries(new URLSearchParams(basic!.body.toString()))).toEqual(form);
    expect(post!.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(post!.body.toString()))).toEqual({ ...form, client_id: "oa_0123", client_secret: "oas_s3cret" });
  });

  it("throws the OAuth error of a refused exchange", async () => {
    const endpoint = await startTokenEndpoint(() => ({ status: 400, headers: { "content-type": "application/json" }, body: JSON.stringify({ error: "invalid_grant", error_description: "The code was already used." }) }));
    const refused = await exchangeCode({ baseUrl: `http://127.0.0.1:${endpoint.port}`, clientId: "oa_1", clientSecret: "oas_1", code: "used", redirectUri: "https://app.example.com/cb", codeVerifier: "v".repeat(43) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OrbitOAuthError);
    expect(refused).toMatchObject({ error: "invalid_grant", errorDescription: "The code was already used.", status: 400 });
  });
});
