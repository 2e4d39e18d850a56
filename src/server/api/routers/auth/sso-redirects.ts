// Where a single sign-on step sends the browser: the provider, the app once signed in, or the login
// page with the reason (`?sso=<reason>`, which the page words for people).
import { toAppError } from "@/server/errors";
import { SsoRefusal, type SsoRefusalReason } from "@/server/services/auth/sso";

export const loginPageWith = (reason: SsoRefusalReason) => `/login?sso=${reason}`;

/** The login page for a refusal; anything unexpected is logged and told as a failed sign-in. */
export function refusalLocation(error: unknown): string {
  if (error instanceof SsoRefusal) return loginPageWith(error.reason);
  toAppError(error, { log: true });
  return loginPageWith("failed");
}
