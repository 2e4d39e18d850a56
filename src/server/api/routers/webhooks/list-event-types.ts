import { sessionProcedure } from "@/server/api/procedures";
import { eventTypesOutput } from "@/server/contract/event-type";
import { eventTypeCatalog } from "@/server/services/webhooks/event-types";

/** Webhooks → Event types: each catalog type with its description, JSON Schema and an example body (also a test event's preview). */
export const listEventTypesProcedure = sessionProcedure.output(eventTypesOutput).query(({ ctx }) => eventTypeCatalog(ctx.actor.organizationId));
