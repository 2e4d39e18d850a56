// What signing a browser in means for the procedures that do it (login, signup, an accepted invitation).
import type { RequestContext } from "@/server/api/trpc";
import type { SignedInAccount } from "@/server/services/auth/account";

/** Starts the browser's session and gives it a new device cookie, which proves it at the next login. */
export async function signInBrowser(ctx: RequestContext, account: SignedInAccount): Promise<void> {
  await ctx.session.save({ userId: account.user.id, version: account.sessionVersion });
  ctx.device.remember(account.user.id);
}
