// The one request context (src/server/http/request-context.ts) every edge and page read builds: the
// session from the cookie (never for the public API), the actor the session middleware loads, and the
// client address and origin procedures read instead of the request's headers.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { getDb } from "@/server/db";
import { createCallerFactory, createRouter } from "@/server/api/trpc";
import { sessionProcedure } from "@/server/api/procedures";
import type { IncomingMessage } from "node:http";
import { carryingCredential, readCredential } from "@/server/http/credential";
import { laneOf } from "@/server/http/lanes";
import { createRequestContext } from "@/server/http/request-context";
import { isUnauthorized } from "@/trpc/server";
import { PASSWORD, uniqueEmail } from "../harness/factories";
import { openBrowser, pageHeaders } from "../harness/web-client";

/** A router of one session procedure answering the actor it was given. */
const createCaller = createCallerFactory(createRouter({ actor: sessionProcedure.query(({ ctx }) => ctx.actor) }));

const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

async function signedInBrowser() {
  const browser = openBrowser();
  const account = await browser.api.auth.signUp.mutate({ email: uniqueEmail("context"), password: PASSWORD, name: "Cora Context", organizationName: "Context Co" });
  return { browser, account };
}

describe("the session actor", () => {
  it("is the user's id, organization, role, plan and session record, read fresh; never the password hash", async () => {
    const { browser, account } = await signedInBrowser();
    await browser.api.organization.setPlan.mutate({ plan: "pro" });
    const context = await createRequestContext({ headers: pageHeaders(browser), resHeaders: new Headers(), credential: "session" });
    const actor = await createCaller(context).actor();
    expect(actor).toStrictEqual({ userId: account.user.id, organizationId: account.organization.id, role: "admin", plan: "pro", sessionId: context.session.data!.sessionId });
    const { passwordHash } = await (await getDb()).user.findUniqueOrThrow({ where: { id: account.user.id }, select: { passwordHash: true } });
    expect(JSON.stringify(actor)).not.toContain(passwordHash);
  });
});

describe("the credential", () => {
  it("api-key never reads the session cookie, even a valid one", async () => {
    const { browser } = await signedInBrowser();
    const headers = pageHeaders(browser);
    const session = await createRequestContext({ headers, url: "http://localhost:3000/api/trpc/x", resHeaders: new Headers(), credential: "session" });
    expect(session.session.data).not.toBeNull();

    const resHeaders = new Headers();
    const api = await createRequestContext({ headers, url: "http://localhost:3000/api/v1/tasks", resHeaders, credential: "api-key" });
    expect(api.session.data).toBeNull();
    await expect(api.session.save({ userId: "u", sessionId: "ses_x" })).rejects.toThrow("An API request cannot start a session.");
    const refused = await createCaller(api).actor().catch((error: unknown) => error);
    expect(isUnauthorized(refused)).toBe(true);
    expect(resHeaders.has("set-cookie")).toBe(false);
  });

  it("session: a saved session goes out as Set-Cookie on the response headers and is read back", async () => {
    const { browser, account } = await signedInBrowser();
    const resHeaders = new Headers();
    const context = await createRequestContext({ headers: pageHeaders(browser), url: "http://localhost:3000/api/trpc/x", resHeaders, credential: "session" });
    const data = { userId: account.user.id, sessionId: context.session.data!.sessionId };
    await context.session.save(data);
    const [cookie] = resHeaders.getSetCookie();
    expect(cookie).toMatch(/^tt_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/);
    const next = await createRequestContext({ headers: new Headers({ cookie: cookie!.split(";")[0]! }), resHeaders: new Headers(), credential: "session" });
    expect(next.session.data).toEqual(data);
  });
});

describe("the credential carried from the socket", () => {
  /** The credential Orbit's server reads of a request with these headers (pipeline.ts). */
  const credentialOf = (headers: Headers) => readCredential({ headers: Object.fromEntries(headers) } as unknown as IncomingMessage);

  it("unseals the session cookie once: the lane and the context of Next's part of the request share it", async () => {
    const { browser, account } = await signedInBrowser();
    const headers = pageHeaders(browser);
    const credential = credentialOf(headers);
    expect(credential.session()).toBe(credential.session());
    const lane = await laneOf({ headers: Object.fromEntries(headers), socket: {} } as unknown as IncomingMessage, "/time-logs", credential);
    expect(lane).toBe(`user:${account.user.id}`);
    const context = await carryingCredential(credential, () => createRequestContext({ headers, url: "http://localhost:3000/api/trpc/x", resHeaders: new Headers(), credential: "session" }));
    expect(context.session.data).toBe(await credential.session());
    expect(context.session.data).toEqual({ userId: account.user.id, sessionId: expect.stringMatching(/^ses_/) });
  });

  it("is not taken for other headers: the context reads the cookie it was given", async () => {
    const [first, second] = [await signedInBrowser(), await signedInBrowser()];
    const carried = credentialOf(pageHeaders(first.browser));
    const context = await carryingCredential(carried, () => createRequestContext({ headers: pageHeaders(second.browser), resHeaders: new Headers(), credential: "session" }));
    expect(context.session.data?.userId).toBe(second.account.user.id);
    const signedOut = await carryingCredential(carried, () => createRequestContext({ headers: new Headers(), resHeaders: new Headers(), credential: "session" }));
    expect(signedOut.session.data).toBeNull();
  });
});

describe("the client address and origin", () => {
  const headers = () => new Headers({ host: "orbit.example.com:8080", "x-forwarded-for": "198.51.100.7, 203.0.113.9", "x-forwarded-proto": "https" });

  it("are the right-most X-Forwarded-For entry and the Host's origin, for an edge and for a page read", async () => {
    for (const url of ["http://localhost:3000/api/app/invites", undefined]) {
      const context = await createRequestContext({ headers: headers(), url, resHeaders: new Headers(), credential: "session" });
      expect(context.clientAddress).toBe("203.0.113.9");
      expect(context.origin).toBe("http://orbit.example.com:8080");
    }
    const bare = await createRequestContext({ headers: new Headers(), url: "http://localhost:3000/api/v1/tasks", resHeaders: new Headers(), credential: "api-key" });
    expect(bare.clientAddress).toBeUndefined();
    expect(bare.origin).toBe("http://localhost:3000");
  });

  it("follow TRUST_PROXY's forwarded protocol, and APP_URL above all", async () => {
    process.env = { ...saved, TRUST_PROXY: "1" };
    resetEnvCache();
    const proxied = await createRequestContext({ headers: headers(), url: "http://localhost:3000/api/app/invites", resHeaders: new Headers(), credential: "session" });
    expect(proxied.origin).toBe("https://orbit.example.com:8080");
    expect(proxied.clientAddress).toBe("203.0.113.9");

    process.env = { ...saved, APP_URL: "https://time.example.org" };
    resetEnvCache();
    const configured = await createRequestContext({ headers: headers(), resHeaders: new Headers(), credential: "session" });
    expect(configured.origin).toBe("https://time.example.org");
  });
});
