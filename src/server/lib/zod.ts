// zod building blocks shared by input and response schemas.
//
// trpc-to-openapi switches every number, boolean and date schema reachable from a procedure's input
// object (arrays of objects included) to coercion at request time, and the switch is global, so
// `"false"` would become `true`. Body fields therefore use these piped forms, which it leaves alone.
import { z } from "zod";
import { MAX_ID_LENGTH, MAX_TAGS, MAX_TAG_LENGTH } from "@/lib/limits";

/** Shields a number, boolean or date schema from that coercion; validation and types are unchanged. */
export function uncoerced<T extends z.ZodType>(schema: T) {
  return schema.pipe(z.custom<z.output<T>>(() => true));
}

/** A JSON boolean in a body: true or false, never a string. */
export const jsonBoolean = () => uncoerced(z.boolean());

/**
 * A query-string boolean: the literal strings "true" or "false" only (contract section 4.2). The
 * document types it `boolean`, which a generated client serializes as exactly those two strings.
 */
export const queryBoolean = () =>
  z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .meta({ override: ({ jsonSchema }) => replaceSchema(jsonSchema, { type: "boolean" }) });

/** A full ISO 8601 instant with `Z` or an offset; date-only and offset-less local times are refused. */
export const isoInstant = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i, "must be an ISO 8601 instant with Z or an offset")
    .refine(isCalendarInstant, "is not a valid date")
    .transform((value) => new Date(value))
    .meta({ format: "date-time" });

/** Replaces a rendered JSON Schema's content in place (zod-openapi's `override` hands it over to edit). */
function replaceSchema(jsonSchema: Record<string, unknown>, replacement: Record<string, unknown>): void {
  for (const key of Object.keys(jsonSchema)) if (key !== "description") delete jsonSchema[key];
  Object.assign(jsonSchema, replacement);
}

/** Parses, and names a day the month has: the JavaScript parser rolls 2026-02-30 over into March. */
function isCalendarInstant(value: string): boolean {
  if (Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Optional free text in a body: trimmed, at most `max` characters, optionally checked by `check`;
 * blank or null means "not set" and comes out as null.
 */
export const optionalText = (max: number, check?: { test: (value: string) => boolean; message: string }) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => value === "" || !check || check.test(value), check?.message ?? "is invalid")
    .transform((value) => (value === "" ? null : value))
    .nullish();

/** A `search` query parameter: case-insensitive substring; blank means no filter. */
export const searchQuery = () =>
  z
    .string()
    .trim()
    .max(200, "must be at most 200 characters")
    .transform((value) => value || undefined)
    .optional();

/** Any id in a path, query or body: a non-empty string of at most MAX_ID_LENGTH characters. */
export const idInput = z.string().min(1).max(MAX_ID_LENGTH);

/** Tags: each trimmed, 1-MAX_TAG_LENGTH characters, at most MAX_TAGS; a repeated tag is kept once, first occurrence first. */
export const tagsInput = z
  .array(z.string().trim().min(1).max(MAX_TAG_LENGTH))
  .max(MAX_TAGS)
  .transform((tags) => [...new Set(tags)])
  .meta({ description: "Each tag is trimmed; repeated tags are stored once, first occurrence first" });

/** ISO 8601 UTC timestamp with milliseconds, as every response writes dates. */
export const timestampSchema = z.string().meta({ format: "date-time" });

/** Incremental sync (app-api section 13): only items changed at or after this instant. */
export const updatedSinceInput = {
  updatedSince: isoInstant()
    .meta({ description: "Only items whose updatedAt is at or after this ISO 8601 instant (incremental sync); still newest first, keyset-paginated" })
    .optional(),
};
