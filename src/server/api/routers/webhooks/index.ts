import { createRouter } from "@/server/api/trpc";
import { createWebhookEndpointProcedure } from "./create-webhook-endpoint";
import { deleteWebhookEndpointProcedure } from "./delete-webhook-endpoint";
import { listWebhookDeliveriesProcedure } from "./list-webhook-deliveries";
import { listWebhookEndpointsProcedure } from "./list-webhook-endpoints";
import { updateWebhookEndpointProcedure } from "./update-webhook-endpoint";

export const webhooksRouter = createRouter({
  list: listWebhookEndpointsProcedure,
  create: createWebhookEndpointProcedure,
  update: updateWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  deliveries: listWebhookDeliveriesProcedure,
});
