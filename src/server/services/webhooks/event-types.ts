// The event types page and a test event's preview, generated from the typed catalog (events.ts): the
// description, the body's JSON Schema (the one the OpenAPI document's `webhooks` publish) and an
// example body, so what the console shows is what is sent.
import { z } from "zod";
import type { EventTypeView } from "@/server/contract/event-type";
import { EVENT_BODY_SCHEMAS } from "@/server/contract/event";
import { EVENT_CATALOG, EVENT_TYPES, exampleEventData } from "@/server/webhooks/events";

const EXAMPLE_CREATED_AT = "2026-01-05T10:00:00.000Z";

type JsonSchema = Record<string, unknown> & { $ref?: string; $defs?: Record<string, Record<string, unknown>> };

/** The body's JSON Schema, standalone: the schema carries its component name, which zod renders as a `$ref` into `$defs`. */
function standaloneSchema(type: (typeof EVENT_TYPES)[number]): Record<string, unknown> {
  const { $ref, $defs, ...rest } = z.toJSONSchema(EVENT_BODY_SCHEMAS[type], { target: "draft-2020-12" }) as JsonSchema;
  const named = $ref?.replace(/^#\/\$defs\//, "");
  return named && $defs?.[named] && Object.keys($defs).length === 1 ? { ...rest, ...$defs[named] } : { ...rest, $ref, $defs };
}

const schemas = new Map(EVENT_TYPES.map((type) => [type, standaloneSchema(type)]));

export function eventTypeCatalog(organizationId: string): EventTypeView[] {
  return EVENT_TYPES.map((type) => ({
    type,
    description: `Sent when ${EVENT_CATALOG[type].when}.`,
    schema: schemas.get(type)!,
    example: { id: "evt_example", type, createdAt: EXAMPLE_CREATED_AT, data: exampleEventData(type, organizationId) },
  }));
}
