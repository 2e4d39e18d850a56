// The signed-in user of the web app. The session (read from the cookie by the edge's
// createRequestContext) names a user and a session version; the user's role and organization's plan
// are re-read on every request, so a role or plan change applies at once.
import type { Plan } from "@/generated/prisma/enums";
import type { PrismaClient } from "@/generated/prisma/client";
import { AppError } from "@/server/errors";
import { middleware, type SessionHandle } from "@/server/api/trpc";
import { withinOrganizationLimit } from "@/server/load/organization-load";
import type { Actor } from "@/server/services/auth/account";
import { asSignedInUser } from "@/server/load/database-turns";

/** Who a session procedure acts as: the services' actor and the organization's plan (for plan checks). */
export type SessionActor = Actor & { plan: Plan };

/**
 * Loads the signed-in user's role and organization's plan, nothing more (401 without a valid
 * session), in the user's turns on the embedded database, then runs within the organization's bound.
 */
export async function withSessionActor<T>(ctx: { db: PrismaClient; session: SessionHandle }, run: (actor: SessionActor) => Promise<T>): Promise<T> {
  const session = ctx.session.data;
  const user = session
    ? await asSignedInUser(session.userId, () =>
        ctx.db.user.findFirst({
          where: { id: session.userId, sessionVersion: session.version, deactivatedAt: null },
          select: { id: true, role: true, organizationId: true, organization: { select: { plan: true } } },
        }),
      )
    : null;
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  const actor: SessionActor = { userId: user.id, organizationId: user.organizationId, role: user.role, plan: user.organization.plan };
  return withinOrganizationLimit(actor.organizationId, () => run(actor));
}

export const requireSession = middleware(({ ctx, next }) => withSessionActor(ctx, (actor) => next({ ctx: { actor } })));
