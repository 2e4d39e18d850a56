// The signed-in user of the web app. The session (read from the cookie by the edge's
// createRequestContext) names a user and a session record; the record, the user's role and the
// organization's plan are re-read on every request in one query, so a revoked session, a role or a
// plan change applies at once.
import type { Plan } from "@/generated/prisma/enums";
import type { PrismaClient } from "@/generated/prisma/client";
import { AppError } from "@/server/errors";
import { middleware, type SessionHandle } from "@/server/api/trpc";
import { withinOrganizationLimit } from "@/server/load/organization-load";
import type { Actor } from "@/server/services/auth/account";
import { readLiveSession } from "@/server/services/auth/sessions";
import { asSignedInUser } from "@/server/load/database-turns";

/** Who a session procedure acts as: the services' actor, the organization's plan (for plan checks) and the session record. */
export type SessionActor = Actor & { plan: Plan; sessionId: string };

/** What a signed-in user of an organization that requires two-factor, without it yet, gets everywhere but its setup. */
export const twoFactorRequired = () =>
  new AppError("forbidden", "Your organization requires two-factor sign-in. Set it up under Settings → Security to continue.", {
    details: [{ field: "twoFactor", message: "two-factor sign-in must be set up first" }],
  });

/**
 * Loads the signed-in user's session, role and organization's plan (401 without a live session), in the
 * user's turns on the embedded database, then runs within the organization's bound. Unless
 * `beforeTwoFactor` says the route serves the two-factor setup, a user whose organization requires
 * two-factor and who has not set it up is refused (403 on `twoFactor`).
 */
export async function withSessionActor<T>(
  ctx: { db: PrismaClient; session: SessionHandle },
  run: (actor: SessionActor) => Promise<T>,
  options: { beforeTwoFactor?: boolean } = {},
): Promise<T> {
  const session = ctx.session.data;
  const user = session ? await asSignedInUser(session.userId, () => readLiveSession(ctx.db, session.sessionId, session.userId)) : null;
  if (!session || !user) throw new AppError("unauthorized", "Sign in to continue.");
  if (!options.beforeTwoFactor && user.organization.requireTwoFactor && !user.twoFactorEnabledAt) throw twoFactorRequired();
  const actor: SessionActor = { userId: user.id, organizationId: user.organizationId, role: user.role, plan: user.organization.plan, sessionId: session.sessionId };
  return withinOrganizationLimit(actor.organizationId, () => run(actor));
}

export const requireSession = middleware(({ ctx, next }) => withSessionActor(ctx, (actor) => next({ ctx: { actor } })));

/** A session for the routes a user must reach to set two-factor up when the organization requires it (me, the setup, sessions). */
export const requireSessionBeforeTwoFactor = middleware(({ ctx, next }) => withSessionActor(ctx, (actor) => next({ ctx: { actor } }), { beforeTwoFactor: true }));
