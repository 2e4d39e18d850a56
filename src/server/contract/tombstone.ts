// Tombstones (app-api section 13, incremental sync): what a deleted task or time log leaves behind,
// `{ id, deletedAt }`, listed oldest deletion first beside the `updatedSince` lists, so a sync learns
// what to remove as well as what changed.
import { z } from "zod";
import { paginationInput, type CursorKind } from "@/server/lib/cursor";
import { isoInstant, timestampSchema } from "@/server/lib/zod";

/** A deleted row's id and when it was deleted, as the component `componentName` of the document. */
export function tombstoneSchema(componentName: string) {
  return z.object({ id: z.string(), deletedAt: timestampSchema }).meta({ id: componentName });
}

export type TombstoneView = z.output<ReturnType<typeof tombstoneSchema>>;

/** The input of a list of tombstones of one kind (`deleted-tasks`, `deleted-time-logs`). */
export function listTombstonesInput(kind: Extract<CursorKind, `deleted-${string}`>) {
  return z.object({
    since: isoInstant().meta({ description: "Only those deleted at or after this ISO 8601 instant" }).optional(),
    ...paginationInput(kind),
  });
}

export type ListTombstonesInput = z.output<ReturnType<typeof listTombstonesInput>>;
