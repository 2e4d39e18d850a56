// What signing a browser in means for the procedures that do it (login, signup, an accepted invitation,
// single sign-on): one function that creates the session record and sets the cookie.
import type { RequestContext } from "@/server/api/trpc";
import { auditByUser } from "@/server/api/audit-context";
import type { SignedInAccount } from "@/server/services/auth/account";
import { recordAudit } from "@/server/services/audit/record";
import { createSessionRecord } from "@/server/services/auth/sessions";

/**
 * Starts the browser's session (a session record, named by the cookie) and gives it a new device
 * cookie, which proves it at the next login. A login (`loginMethod`, e.g. "password" or "sso") is
 * recorded as `auth.login_succeeded` in the transaction that creates the record.
 */
export async function signInBrowser(ctx: RequestContext, account: SignedInAccount, options: { loginMethod?: string; metadata?: Record<string, unknown> } = {}): Promise<void> {
  const user = { userId: account.user.id, organizationId: account.organization.id };
  const audit = auditByUser(ctx, user);
  const sessionId = await ctx.db.$transaction(async (tx) => {
    const id = await createSessionRecord(tx, { id: user.userId, organizationId: user.organizationId }, { userAgent: audit.userAgent, ip: audit.ip });
    if (options.loginMethod) {
      await recordAudit(tx, audit, { action: "auth.login_succeeded", target: { type: "user", id: user.userId, label: account.user.email }, metadata: { method: options.loginMethod, ...options.metadata } });
    }
    return id;
  });
  await ctx.session.save({ userId: user.userId, sessionId });
  ctx.device.remember(user.userId);
}
