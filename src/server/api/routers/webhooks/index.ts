import { createRouter } from "@/server/api/trpc";
import { createWebhookEndpointProcedure } from "./create-webhook-endpoint";
import { deleteWebhookEndpointProcedure } from "./delete-webhook-endpoint";
import { getWebhookDeliveryProcedure } from "./get-webhook-delivery";
import { getWebhookEndpointProcedure } from "./get-webhook-endpoint";
import { getWebhookEndpointSecretProcedure } from "./get-webhook-endpoint-secret";
import { recoverWebhookDeliveriesProcedure } from "./recover-webhook-deliveries";
import { resendWebhookDeliveryProcedure } from "./resend-webhook-delivery";
import { rotateWebhookSecretProcedure } from "./rotate-webhook-secret";
import { sendTestEventProcedure } from "./send-test-event";
import { listWebhookDeliveriesProcedure } from "./list-webhook-deliveries";
import { listWebhookEndpointOverviewsProcedure } from "./list-webhook-endpoint-overviews";
import { listWebhookEndpointsProcedure } from "./list-webhook-endpoints";
import { updateWebhookEndpointProcedure } from "./update-webhook-endpoint";
import { listWebhookEventsProcedure } from "./list-webhook-events";
import { listEventTypesProcedure } from "./list-event-types";

export const webhooksRouter = createRouter({
  list: listWebhookEndpointsProcedure,
  create: createWebhookEndpointProcedure,
  update: updateWebhookEndpointProcedure,
  delete: deleteWebhookEndpointProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  // The console (web app).
  overview: listWebhookEndpointOverviewsProcedure,
  delivery: getWebhookDeliveryProcedure,
  events: listWebhookEventsProcedure,
  eventTypes: listEventTypesProcedure,
  // Operations (app-api section 8).
  get: getWebhookEndpointProcedure,
  secret: getWebhookEndpointSecretProcedure,
  resend: resendWebhookDeliveryProcedure,
  recover: recoverWebhookDeliveriesProcedure,
  sendTest: sendTestEventProcedure,
  rotateSecret: rotateWebhookSecretProcedure,
});
