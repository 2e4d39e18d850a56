import { z } from "zod";
import { adminProcedure } from "@/server/api/procedures";
import { listEndpoints } from "@/server/services/webhooks/endpoints";
import { webhookEndpointOutput } from "@/server/contract/webhook-endpoint";

/** The organization's webhook endpoints, secrets included, newest first. */
export const listWebhookEndpointsProcedure = adminProcedure
  .output(z.array(webhookEndpointOutput))
  .query(({ ctx }) => listEndpoints(ctx.db, ctx.actor));
