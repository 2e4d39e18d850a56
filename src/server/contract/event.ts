// Events as integrators read them (app-api section 13): the body every endpoint was sent, typed per
// catalog type (one schema per type, a union discriminated by `type`: the events list, a lookup by id,
// the stream and the OpenAPI document's `webhooks`), the inputs, and the serializer from the stored
// payload (sent bytes, parsed once).
import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, isoInstant, queryBoolean, timestampSchema } from "@/server/lib/zod";
import { EVENT_CATALOG, EVENT_TYPES, type EventType } from "@/server/webhooks/events";

/** `time_log.created` → `TimeLogCreatedEvent`: the body's component name in the OpenAPI document. */
export function eventComponentName(type: EventType): string {
  return `${type.split(/[._]/).map((word) => word[0]!.toUpperCase() + word.slice(1)).join("")}Event`;
}

/** The body of one catalog type: the envelope every event has, with that type's data. */
function eventBodySchema<T extends EventType>(type: T) {
  return z
    .object({
      id: z.string().meta({ description: "The event id: the idempotency key shared by every endpoint the event fans out to" }),
      type: z.literal(type),
      createdAt: timestampSchema,
      data: EVENT_CATALOG[type].data,
    })
    .meta({ id: eventComponentName(type), description: `Sent when ${EVENT_CATALOG[type].when}.` });
}

/** Each catalog type's body schema, by type. */
export const EVENT_BODY_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((type) => [type, eventBodySchema(type)])) as {
  [T in EventType]: ReturnType<typeof eventBodySchema<T>>;
};

type EventBodySchema = (typeof EVENT_BODY_SCHEMAS)[EventType];

/** Any event: its `type` says which `data` it carries. */
export const eventSchema = z
  .discriminatedUnion("type", EVENT_TYPES.map((type) => EVENT_BODY_SCHEMAS[type]) as [EventBodySchema, ...EventBodySchema[]])
  .meta({ id: "Event", description: "An event as its webhook deliveries carry it; `type` decides the shape of `data`" });

export type EventView = z.output<typeof eventSchema>;

export const listEventsInput = z.object({
  type: z.enum(EVENT_TYPES).meta({ description: "Only events of this type" }).optional(),
  since: isoInstant().meta({ description: "Only events created at or after this ISO 8601 instant" }).optional(),
  undelivered: queryBoolean().meta({ description: "`true`: only events some endpoint has not received (a delivery not `success`)" }).optional(),
  ...paginationInput("events"),
});

export type ListEventsInput = z.output<typeof listEventsInput>;

/** The path id of one event (`GET /api/v1/events/{id}`). */
export const eventIdInput = z.object({ id: idInput.meta({ description: "Event id (`evt_…`)" }) });

/** The stored payload is the exact body of `{ id, type, createdAt, data }`. */
export function serializeEvent(row: { payload: string }): EventView {
  return JSON.parse(row.payload) as EventView;
}
