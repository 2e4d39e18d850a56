import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { revokeApiKey } from "@/server/services/api-keys/api-keys";
import { apiKeyIdInput, revokedApiKeySchema } from "@/server/contract/api-key";

export const revokeApiKeyProcedure = adminProcedure
  .input(apiKeyIdInput)
  .output(revokedApiKeySchema)
  .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.actor, input.id, auditByUser(ctx, ctx.actor)));
