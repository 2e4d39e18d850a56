// Signed-in web-app users on the real /api/trpc route: the browser's own tRPC client with its cookie jar.
import { TRPCClientError } from "@trpc/client";
import { expect } from "vitest";
import { describeError, type DisplayError } from "@/trpc/errors";
import { openBrowser, type Browser } from "./web-client";
import { PASSWORD, uniqueEmail } from "./factories";

export interface AppUser {
  browser: Browser;
  api: Browser["api"];
  userId: string;
  organizationId: string;
}

/** A new organization through the sign-up procedure; its first user is the admin. */
export async function signUpInApp(options: { plan?: "free" | "pro" } = {}): Promise<AppUser> {
  const browser = openBrowser();
  const account = await browser.api.auth.signUp.mutate({ email: uniqueEmail("app"), password: PASSWORD, name: "Ada Admin", organizationName: "Acme" });
  if (options.plan === "pro") await browser.api.organization.setPlan.mutate({ plan: "pro" });
  return { browser, api: browser.api, userId: account.user.id, organizationId: account.organization.id };
}

/** A member (or second admin) added by `admin`, signed in in a browser of their own. */
export async function memberInApp(admin: AppUser, role: "admin" | "member" = "member"): Promise<AppUser> {
  const email = uniqueEmail(role);
  const added = await admin.api.organization.addMember.mutate({ email, password: PASSWORD, name: "Max Member", role });
  const browser = openBrowser();
  await browser.api.auth.logIn.mutate({ email, password: PASSWORD });
  return { browser, api: browser.api, userId: added.user.id, organizationId: admin.organizationId };
}

/** The error a page would show for a rejected call; fails the test if the call succeeded. */
export async function failureOf(promise: Promise<unknown>): Promise<DisplayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(TRPCClientError);
  return describeError(error);
}

/** A refusal naming exactly these fields (validation_error). */
export async function expectFieldErrors(promise: Promise<unknown>, fields: string[]): Promise<DisplayError> {
  const problem = await failureOf(promise);
  expect(problem.code, problem.message).toBe("validation_error");
  expect(problem.details.map((detail) => detail.field).sort()).toEqual([...fields].sort());
  return problem;
}
