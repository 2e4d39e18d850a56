// The event catalog as the console shows it (app-api section 13): generated from the typed catalog.
import { z } from "zod";

export const eventTypesOutput = z.array(
  z.object({
    type: z.string(),
    description: z.string(),
    /** JSON Schema (draft 2020-12) of the whole body `{ id, type, createdAt, data }`. */
    schema: z.record(z.string(), z.unknown()),
    /** An example body, with the caller's organization id: what a test event of this type sends. */
    example: z.object({ id: z.string(), type: z.string(), createdAt: z.string(), data: z.unknown() }),
  }),
);
export type EventTypeView = z.output<typeof eventTypesOutput>[number];
