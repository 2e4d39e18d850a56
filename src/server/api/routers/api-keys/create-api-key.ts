import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { createApiKey } from "@/server/services/api-keys/api-keys";
import { createApiKeyInput, createdApiKeySchema } from "@/server/contract/api-key";

/** Creates a key; the plain key is in this response only. Needs a plan granting customIntegrations. */
export const createApiKeyProcedure = adminProcedure
  .input(createApiKeyInput)
  .output(createdApiKeySchema)
  .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
