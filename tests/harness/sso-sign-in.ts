// Single sign-on from a test client's side: starting a sign-in at Orbit, and a browser's hops through
// the provider back to Orbit's callback (the provider's login and consent completed by the provider
// helper in oidc-providers.ts).
import { BASE_URL, TestClient } from "./http";

export const SSO_REDIRECT_URI = `${BASE_URL}/api/app/auth/sso/callback`;

/** A browser at the provider: follows its redirects (with its cookies) until it is sent back to Orbit's callback; returns that path. */
export async function throughProvider(authorizationUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(SSO_REDIRECT_URI)) return url.slice(BASE_URL.length);
    const response = await fetch(url, { redirect: "manual", headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("The provider never sent the browser back.");
}

/** Starts a sign-in at Orbit for `email`: the provider's authorization URL (and the client now holds the pending-sign-in cookie). */
export async function startSso(client: TestClient, email: string): Promise<URL> {
  const started = await client.get(`/api/app/auth/sso/start?email=${encodeURIComponent(email)}`);
  if (started.status !== 302) throw new Error(`start answered ${started.status}: ${started.text}`);
  return new URL(started.headers.get("location")!, BASE_URL);
}
