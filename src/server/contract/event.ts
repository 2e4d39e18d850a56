// Events as integrators read them (app-api section 13): the body every endpoint was sent, the list's
// input, and the serializer from the stored payload (sent bytes, parsed once for the list).
import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { isoInstant, queryBoolean, timestampSchema } from "@/server/lib/zod";
import { EVENT_TYPES } from "@/server/webhooks/events";

export const eventSchema = z
  .object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    createdAt: timestampSchema,
    data: z.record(z.string(), z.unknown()).meta({ description: "The event's data, as in the webhook body (contract section 6.2)" }),
  })
  .meta({ id: "Event" });

export type EventView = z.output<typeof eventSchema>;

export const listEventsInput = z.object({
  type: z.enum(EVENT_TYPES).optional().meta({ description: "Only events of this type" }),
  since: isoInstant().optional().meta({ description: "Only events created at or after this ISO 8601 instant" }),
  undelivered: queryBoolean().optional().meta({ description: "`true`: only events some endpoint has not received (a delivery not `success`)" }),
  ...paginationInput,
});

export type ListEventsInput = z.output<typeof listEventsInput>;

/** The stored payload is the exact body of `{ id, type, createdAt, data }`. */
export function serializeEvent(row: { payload: string }): EventView {
  return JSON.parse(row.payload) as EventView;
}
