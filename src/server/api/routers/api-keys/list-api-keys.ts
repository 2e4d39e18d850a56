import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { listApiKeys } from "@/server/services/api-keys/api-keys";
import { apiKeyRecordSchema } from "@/server/contract/api-key";

/** The organization's keys: name, scopes, dates; never the key or its hash. */
export const listApiKeysProcedure = sessionProcedure.output(z.array(apiKeyRecordSchema)).query(({ ctx }) => listApiKeys(ctx.db, ctx.actor));
