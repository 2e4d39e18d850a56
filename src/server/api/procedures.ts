// The procedure bases every router builds on.
import { publicProcedure } from "@/server/api/trpc";
import { requireSession } from "@/server/api/middleware/session";
import { AppError } from "@/server/errors";
import { requirePlan } from "@/server/auth/plans";
import { admitApiRequest } from "@/server/api/middleware/admit";
import { conditionalScopesFor } from "@/server/api/middleware/scopes";
import { claimIdempotencyKey } from "@/server/services/idempotency/idempotency-keys";
import { withinOrganizationLimit } from "@/server/api/middleware/organization-load";
import { successEnvelope, type Pagination, type RateLimitInfo } from "@/server/lib/envelope";

export { publicProcedure };

/** Signed-in user of the web app; `ctx.actor` names the user, organization, role and plan. */
export const sessionProcedure = publicProcedure.use(requireSession);

/** Signed-in admin. */
export const adminProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "admin") {
    throw new AppError("forbidden", "This action requires the admin role.", { details: [{ field: "role", message: "admin role required" }] });
  }
  return next();
});

/** Signed-in admin of an organization whose plan includes custom integrations (402 otherwise). */
export const integrationsAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  requirePlan(ctx.actor.plan, "customIntegrations");
  return next();
});

/**
 * Public API v1 procedure. The contract's order, each step once: API key (401) → plan (402) →
 * scopes from `meta.scopes` and `meta.conditionalScopes` (403) → rate limit (429); input validation
 * (400) follows because `.input()` is chained after these steps. An Idempotency-Key is claimed once
 * the request is admitted (so 401-429 store nothing and a replay is counted) and before its input is read.
 */
export const apiProcedure = publicProcedure.use(async ({ ctx, meta, getRawInput, next }) => {
  const conditional = meta?.conditionalScopes?.length ? await conditionalScopesFor(meta.conditionalScopes, getRawInput) : [];
  const admission = await admitApiRequest(ctx, [...(meta?.scopes ?? []), ...conditional]);
  // The key is claimed inside the organization's bound: a request the bound refuses claims nothing.
  return withinOrganizationLimit(admission.apiKey.organizationId, async () => {
    if (ctx.idempotency) {
      const owner = { organizationId: admission.apiKey.organizationId, apiKeyId: admission.apiKey.id };
      ctx.idempotency.claim = { id: await claimIdempotencyKey(ctx.db, owner, ctx.idempotency.request), organizationId: owner.organizationId };
    }
    return next({ ctx: admission });
  });
});

/** The v1 success envelope for a procedure's result, with the request's rate-limit state. */
export function v1Data<T>(ctx: { rateLimit: RateLimitInfo }, data: T) {
  return successEnvelope(data, { rateLimit: ctx.rateLimit });
}

/** The v1 list envelope for a page from `paginate`, items already serialized. */
export function v1Page<T>(ctx: { rateLimit: RateLimitInfo }, page: { items: T[]; pagination: Pagination }) {
  return { ...successEnvelope(page.items, { rateLimit: ctx.rateLimit }), pagination: page.pagination };
}
