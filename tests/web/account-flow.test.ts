// The home page's data path: the browser's tRPC calls (sign-up, log-in, plan, log-out), how their
// failures are shown, and the server-side session read that decides the first render.
import { describe, expect, it } from "vitest";
import { TRPCClientError } from "@trpc/client";
import { PASSWORD, uniqueEmail } from "../harness/factories";
import { describeError } from "@/trpc/errors";
import { loadAccount } from "@/trpc/server";
import { openBrowser, pageHeaders } from "../harness/web-client";

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return describeError(error);
}

async function signUp(browser = openBrowser()) {
  const email = uniqueEmail("web");
  const account = await browser.api.auth.signUp.mutate({ email, password: PASSWORD, name: "Wen Web", organizationName: "Web Co" });
  return { browser, email, account };
}

describe("signed-out visitor", () => {
  it("is rendered signed out: no cookie, no account", async () => {
    expect(await loadAccount(new Headers())).toBeNull();
  });

  it("is rendered signed out with a tampered or foreign session cookie", async () => {
    const { browser } = await signUp();
    const sealed = browser.cookies.get("tt_session")!;
    const tampered = `${sealed.slice(0, -4)}${sealed.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect(await loadAccount(new Headers({ cookie: `tt_session=${tampered}` }))).toBeNull();
    expect(await loadAccount(new Headers({ cookie: "tt_session=not-a-sealed-value" }))).toBeNull();
  });
});

describe("sign-up, plan switch, log-out, log-in", () => {
  it("walks the whole home page flow, and the server render follows each step", async () => {
    const { browser, email, account } = await signUp();
    expect(account).toEqual({
      user: { id: expect.any(String), email, name: "Wen Web" },
      organization: { id: expect.any(String), name: "Web Co", plan: "free" },
      role: "admin",
      preferences: { timeZone: "UTC", weekStart: "monday", timeFormat: "h24", durationFormat: "hm", theme: "system" },
    });
    expect(browser.cookies.has("tt_session")).toBe(true);
    expect(await loadAccount(pageHeaders(browser))).toEqual(account);
    expect(await browser.api.auth.me.query()).toEqual(account);

    const upgraded = await browser.api.organization.setPlan.mutate({ plan: "pro" });
    expect(upgraded).toEqual({ organization: { ...account.organization, plan: "pro" } });
    expect((await loadAccount(pageHeaders(browser)))?.organization.plan).toBe("pro");

    expect(await browser.api.auth.logOut.mutate()).toEqual({ success: true });
    expect(browser.cookies.has("tt_session")).toBe(false);
    expect(await loadAccount(pageHeaders(browser))).toBeNull();
    const signedOut = await failureOf(browser.api.auth.me.query());
    expect(signedOut).toEqual({ code: "unauthorized", message: "Sign in to continue.", details: [] });

    const loggedIn = await browser.api.auth.logIn.mutate({ email: email.toUpperCase(), password: PASSWORD });
    expect(loggedIn).toEqual({ ...account, organization: { ...account.organization, plan: "pro" } });
    expect(await loadAccount(pageHeaders(browser))).toEqual(loggedIn);

    const downgraded = await browser.api.organization.setPlan.mutate({ plan: "free" });
    expect(downgraded.organization.plan).toBe("free");
  });
});

describe("errors as the page shows them", () => {
  it("names every invalid sign-up field and signs nobody in", async () => {
    const browser = openBrowser();
    const problem = await failureOf(browser.api.auth.signUp.mutate({ email: "not-an-email", password: "short", name: " ", organizationName: "" }));
    expect(problem.code).toBe("validation_error");
    expect(problem.details.map((detail) => detail.field).sort()).toEqual(["email", "name", "organizationName", "password"]);
    for (const detail of problem.details) expect(detail.message.length).toBeGreaterThan(0);
    expect(browser.cookies.size).toBe(0);
    expect(browser.statuses).toEqual([400]);
  });

  it("shows a taken email as a conflict on the email field", async () => {
    const { email } = await signUp();
    const browser = openBrowser();
    const problem = await failureOf(browser.api.auth.signUp.mutate({ email, password: PASSWORD, name: "Other", organizationName: "Other" }));
    expect(problem).toEqual({ code: "conflict", message: "An account with this email already exists.", details: [{ field: "email", message: "already registered" }] });
    expect(browser.cookies.size).toBe(0);
  });

  it("shows the same unauthorized message for a wrong password and an unknown email", async () => {
    const { email } = await signUp();
    const browser = openBrowser();
    const wrongPassword = await failureOf(browser.api.auth.logIn.mutate({ email, password: "not the password" }));
    const unknownEmail = await failureOf(browser.api.auth.logIn.mutate({ email: uniqueEmail("nobody"), password: PASSWORD }));
    expect(wrongPassword).toEqual({ code: "unauthorized", message: "Email or password is incorrect.", details: [] });
    expect(unknownEmail).toEqual(wrongPassword);
    expect(browser.cookies.size).toBe(0);
  });

  it("shows a member's plan switch as forbidden and leaves the plan alone", async () => {
    const { browser: admin, account } = await signUp();
    const memberEmail = uniqueEmail("member");
    await admin.api.organization.addMember.mutate({ email: memberEmail, password: PASSWORD, name: "Mo Member", role: "member" });
    const member = openBrowser();
    const memberAccount = await member.api.auth.logIn.mutate({ email: memberEmail, password: PASSWORD });
    expect(memberAccount.role).toBe("member");
    expect(memberAccount.organization).toEqual(account.organization);
    const problem = await failureOf(member.api.organization.setPlan.mutate({ plan: "pro" }));
    expect(problem).toEqual({ code: "forbidden", message: "This action requires the admin role.", details: [{ field: "role", message: "admin role required" }] });
    expect((await loadAccount(pageHeaders(admin)))?.organization.plan).toBe("free");
  });

  it("reads the envelope of a refused cross-origin call", async () => {
    const browser = openBrowser({ origin: "https://elsewhere.example" });
    const problem = await failureOf(browser.api.auth.logIn.mutate({ email: uniqueEmail(), password: PASSWORD }));
    expect(problem).toEqual({ code: "forbidden", message: "Cross-origin request refused.", details: [{ field: "origin", message: "origin not allowed" }] });
    expect(browser.statuses).toEqual([403]);
  });

  it("tells an unreachable server apart from a server error", async () => {
    const { createApiClient } = await import("@/trpc/client");
    const offline = createApiClient({ url: "http://localhost:3000/api/trpc", fetch: () => Promise.reject(new TypeError("fetch failed")) });
    expect((await failureOf(offline.auth.me.query())).code).toBe("network_error");
    const broken = createApiClient({
      url: "http://localhost:3000/api/trpc",
      fetch: () => Promise.resolve(Response.json([{ error: { message: "boom", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } }], { status: 500 })),
    });
    const problem = await failureOf(broken.auth.me.query());
    expect(problem).toEqual({ code: "internal_error", message: "Something went wrong on our side. Please try again.", details: [] });
    expect(describeError(new Error("not from the client"))).toEqual({ code: "internal_error", message: "Something went wrong. Please try again.", details: [] });
  });
});
