// The signed-in user of the web app. The session (read from the cookie by the edge's
// createRequestContext) names a user and a session version; the user, role and organization are
// re-read on every request, so a role or plan change applies at once.
import { AppError } from "@/server/errors";
import { middleware } from "@/server/api/trpc";
import { withinOrganizationLimit } from "@/server/api/middleware/organization-load";

/** Loads the signed-in user with organization and role; 401 without a valid session. */
export const requireSession = middleware(async ({ ctx, next }) => {
  const session = ctx.session.data;
  const user = session
    ? await ctx.db.user.findFirst({ where: { id: session.userId, sessionVersion: session.version, deactivatedAt: null }, include: { organization: true } })
    : null;
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  const { organization, ...rest } = user;
  return withinOrganizationLimit(organization.id, () =>
    next({ ctx: { actor: { user: rest, organization, userId: user.id, organizationId: organization.id, role: user.role } } }),
  );
});
