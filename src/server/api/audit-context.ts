// Who an audit entry names and where the request came from, read from the request context once: the
// procedures pass it to the services that record entries (services/audit/record.ts).
import type { RequestContext } from "@/server/api/trpc";
import type { AuthenticatedKey } from "@/server/api/middleware/api-key";
import { keyActor, type AuditActor, type AuditContext } from "@/server/services/audit/record";

type RequestFacts = Pick<RequestContext, "clientAddress" | "headers">;

function auditContext(ctx: RequestFacts, organizationId: string, actor: AuditActor): AuditContext {
  return { organizationId, actor, ip: ctx.clientAddress ?? null, userAgent: ctx.headers.get("user-agent") };
}

/** A signed-in user of the web app. */
export const auditByUser = (ctx: RequestFacts, user: { userId: string; organizationId: string }): AuditContext =>
  auditContext(ctx, user.organizationId, { type: "user", id: user.userId });

/** An API key of /api/v1; an installed app's key (issued by OAuth) names the app. */
export const auditByKey = (ctx: RequestFacts, apiKey: Pick<AuthenticatedKey, "id" | "organizationId" | "oauthAppId">): AuditContext =>
  auditContext(ctx, apiKey.organizationId, keyActor(apiKey));
