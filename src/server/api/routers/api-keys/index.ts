import { createRouter } from "@/server/api/trpc";
import { createApiKeyProcedure } from "./create-api-key";
import { listApiKeysProcedure } from "./list-api-keys";
import { revokeApiKeyProcedure } from "./revoke-api-key";

export const apiKeysRouter = createRouter({
  list: listApiKeysProcedure,
  create: createApiKeyProcedure,
  revoke: revokeApiKeyProcedure,
});
