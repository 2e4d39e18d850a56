// The event types page and a test event's preview, generated from the typed catalog (events.ts): the
// description, the body's JSON Schema and an example body, so what the console shows is what is sent.
import { z } from "zod";
import type { EventTypeView } from "@/server/contract/event-type";
import { EVENT_CATALOG, EVENT_TYPES, exampleEventData } from "@/server/webhooks/events";

const EXAMPLE_CREATED_AT = "2026-01-05T10:00:00.000Z";

/** One catalog type's body schema: the envelope every event has, with that type's data. */
function bodySchema(type: (typeof EVENT_TYPES)[number]) {
  return z.object({ id: z.string(), type: z.literal(type), createdAt: z.string().meta({ format: "date-time" }), data: EVENT_CATALOG[type].data });
}

const schemas = new Map(EVENT_TYPES.map((type) => [type, z.toJSONSchema(bodySchema(type), { target: "draft-2020-12" }) as Record<string, unknown>]));

export function eventTypeCatalog(organizationId: string): EventTypeView[] {
  return EVENT_TYPES.map((type) => ({
    type,
    description: `Sent when ${EVENT_CATALOG[type].when}.`,
    schema: schemas.get(type)!,
    example: { id: "evt_example", type, createdAt: EXAMPLE_CREATED_AT, data: exampleEventData(type, organizationId) },
  }));
}
