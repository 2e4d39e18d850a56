// The procedure bases every router builds on.
import { bareProcedure, middleware, publicProcedure, withDomainErrors, type ProcedureMeta, type RequestContext } from "@/server/api/trpc";
import { requireSession, requireSessionBeforeTwoFactor, withSessionActor, type SessionActor } from "@/server/api/middleware/session";
import { AppError, inputIssuesOf, invalidFields, validationErrorFromIssues } from "@/server/errors";
import { unknownReferences, type BodyReference } from "@/server/services/references/unknown-references";
import { requirePlan } from "@/server/auth/plans";
import { admitApiRequest, type ApiAdmission } from "@/server/api/middleware/admit";
import { conditionalScopesFor } from "@/server/api/middleware/scopes";
import { claimIdempotencyKey } from "@/server/services/idempotency/idempotency-keys";
import { withinOrganizationLimit } from "@/server/load/organization-load";
import { isPage, successEnvelope, type Pagination, type RateLimitInfo } from "@/server/lib/envelope";

export { publicProcedure };

/** Signed-in user of the web app; `ctx.actor` names the user, organization, role and plan. */
export const sessionProcedure = publicProcedure.use(requireSession);

/** Signed-in user, also while the organization requires two-factor and the user has not set it up: only for me, the setup and sessions. */
export const setupSessionProcedure = publicProcedure.use(requireSessionBeforeTwoFactor);

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

/** A procedure's result when its request is a repeat: nothing (the edge answers from `ctx.idempotency.replay`), and the procedure and its output check are skipped. */
const REPLAYED = { ok: true, data: null } as const;

/**
 * Runs `run` for an admitted /api/v1 request. The contract's order, each step once: API key (401) →
 * plan (402) → scopes from `meta.scopes` and `meta.conditionalScopes` (403) → rate limit (429); input
 * validation (400) follows because `.input()` is chained after these steps. An Idempotency-Key is
 * claimed once the request is admitted (so 401-429 store nothing and a replay is counted) and before
 * its input is read; a repeat leaves its stored answer in `ctx.idempotency.replay` for the v1 edge to
 * send, and `run` is not called.
 */
async function withAdmittedApiKey<T>(
  ctx: RequestContext,
  meta: ProcedureMeta | undefined,
  getRawInput: () => Promise<unknown>,
  run: (admission: ApiAdmission) => Promise<T>,
): Promise<T> {
  const conditional = meta?.conditionalScopes?.length ? await conditionalScopesFor(meta.conditionalScopes, getRawInput) : [];
  const references = meta?.references;
  const admission = await admitApiRequest(
    ctx,
    [...(meta?.scopes ?? []), ...conditional],
    references && ((refusal, { apiKey }) => namingUnknownReferences(ctx, apiKey.organizationId, references, getRawInput, refusal)),
  );
  // The key is claimed inside the organization's bound: a request the bound refuses claims nothing.
  return withinOrganizationLimit(admission.apiKey.organizationId, async () => {
    if (ctx.idempotency) {
      const owner = { organizationId: admission.apiKey.organizationId, apiKeyId: admission.apiKey.id };
      const { claimId, replay } = await claimIdempotencyKey(ctx.db, owner, ctx.idempotency.request);
      if (replay) {
        ctx.idempotency.replay = replay;
        return REPLAYED as T;
      }
      ctx.idempotency.claim = { id: claimId, organizationId: owner.organizationId };
    }
    return run(admission);
  });
}

/**
 * A refused request's 400 with the ids its body holds that are not the organization's named too
 * (`meta.references`: those the 400 does not name already), so that one answer names every invalid
 * field; the refusal as it is when it is not a 400 or names them all.
 */
async function namingUnknownReferences(
  ctx: RequestContext,
  organizationId: string,
  references: NonNullable<ProcedureMeta["references"]>,
  getRawInput: () => Promise<unknown>,
  refusal: AppError,
): Promise<AppError> {
  if (refusal.code !== "validation_error") return refusal;
  const invalid = refusal.details ?? [];
  const raw = (await getRawInput()) as Record<string, unknown> | undefined;
  const named: BodyReference[] = Object.entries(references).flatMap(([field, kind]) => {
    const id = raw?.[field];
    return typeof id === "string" && id && !invalid.some((detail) => detail.field === field) ? [{ field, kind, id }] : [];
  });
  if (!named.length) return refusal;
  const unknown = await unknownReferences(ctx.db, organizationId, named);
  return unknown.length ? invalidFields([...invalid, ...unknown]) : refusal;
}

/** Public API v1 procedure only: admitted by API key (see `withAdmittedApiKey`); it returns its own v1 envelope. */
export const apiProcedure = bareProcedure.use(({ ctx, meta, getRawInput, next }) =>
  withDomainErrors(() => withAdmittedApiKey(ctx, meta, getRawInput, (admission) => next({ ctx: admission }))),
);

/** Whom a key-or-session procedure acts for: the organization, and the signed-in member (none behind an API key). */
export interface KeyOrSessionContext {
  tenant: { organizationId: string };
  actor: SessionActor | null;
}

/**
 * One use case for both audiences: through /api/v1 the request is admitted by its API key (401-429,
 * scopes from meta, rate-limit headers) and the result leaves in the v1 envelope with the key's
 * rate-limit state (a `Page` as `data` beside `pagination`); from the web app it needs a session and
 * the result leaves as it is. The output schema checks the bare result on both.
 */
const keyOrSession = middleware(({ ctx, meta, getRawInput, next }) =>
  withDomainErrors(async () => {
    const references = meta?.references;
    // Only a procedure with references looks again at a refused input; the others run the chain as it is.
    const actingFor = !references
      ? (caller: KeyOrSessionContext) => next({ ctx: caller })
      : async (caller: KeyOrSessionContext) => {
          const result = await next({ ctx: caller });
          const issues = result.ok ? undefined : inputIssuesOf(result.error);
          if (issues) {
            const refusal = validationErrorFromIssues(issues);
            const named = await namingUnknownReferences(ctx, caller.tenant.organizationId, references, getRawInput, refusal);
            if (named !== refusal) throw named;
          }
          return result;
        };
    if (ctx.edge === "app") return withSessionActor(ctx, (actor) => actingFor({ tenant: { organizationId: actor.organizationId }, actor }));
    return withAdmittedApiKey(ctx, meta, getRawInput, async ({ apiKey, rateLimit }) => {
      const result = await actingFor({ tenant: { organizationId: apiKey.organizationId }, actor: null });
      if (!result.ok) return result;
      return { ...result, data: isPage(result.data) ? v1Page({ rateLimit }, result.data) : v1Data({ rateLimit }, result.data) };
    });
  }),
);

export const keyOrSessionProcedure = bareProcedure.use(keyOrSession);

/** Whether /api/v1 answers a procedure's result in the envelope the key-or-session step adds (the OpenAPI document shows it so). */
export function isEnvelopedAtV1(procedure: { _def: { middlewares: readonly unknown[] } }): boolean {
  return keyOrSession._middlewares.every((step) => procedure._def.middlewares.includes(step));
}

/** The v1 success envelope for a procedure's result, with the request's rate-limit state. */
export function v1Data<T>(ctx: { rateLimit: RateLimitInfo }, data: T) {
  return successEnvelope(data, { rateLimit: ctx.rateLimit });
}

/** The v1 list envelope for a page from `paginate`, items already serialized. */
export function v1Page<T>(ctx: { rateLimit: RateLimitInfo }, page: { items: T[]; pagination: Pagination }) {
  return { ...successEnvelope(page.items, { rateLimit: ctx.rateLimit }), pagination: page.pagination };
}
