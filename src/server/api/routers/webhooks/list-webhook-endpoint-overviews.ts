import { z } from "zod";
import { adminProcedure } from "@/server/api/procedures";
import { listEndpointOverviews } from "@/server/services/webhooks/console";
import { webhookEndpointOverviewOutput } from "@/server/contract/webhook-endpoint";

/** The console's endpoint list: each endpoint with why it is disabled and its last 24 hours of outcomes. */
export const listWebhookEndpointOverviewsProcedure = adminProcedure
  .output(z.array(webhookEndpointOverviewOutput))
  .query(({ ctx }) => listEndpointOverviews(ctx.db, ctx.actor));
