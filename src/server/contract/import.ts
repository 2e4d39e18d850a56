// Imports (app-api section 12): time logs from a CSV of Toggl, Clockify, Harvest or Orbit (our export).
import type { Readable } from "node:stream";
import { z } from "zod";

export const IMPORT_SOURCES = ["toggl", "clockify", "harvest", "orbit"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** A Node stream, checked by shape: this module is also read by the web app, which has no node:stream. */
const isStream = (value: unknown) => typeof value === "object" && value !== null && typeof (value as Readable).pipe === "function" && Symbol.asyncIterator in value;

export const importInput = z.object({
  source: z.enum(IMPORT_SOURCES, { error: `must be one of ${IMPORT_SOURCES.join(", ")}` }),
  /** false (the default) previews: everything is checked and counted, nothing is written. */
  commit: z.boolean({ error: "must be true or false" }).default(false),
  /** The CSV: a stream of its bytes from the multipart route (read as one, its size limit enforced while reading), or its text from a tRPC call. */
  file: z.union([z.string().max(MAX_IMPORT_BYTES, "must be at most 10 MiB"), z.custom<Readable>(isStream)], { error: "attach a CSV file" }),
});
export type ImportInput = z.output<typeof importInput>;

export const importResultSchema = z.object({
  /** Data rows read (the header is line 1). */
  rows: z.number().int(),
  /** Time logs written (or, in a preview, that would be). */
  logs: z.number().int(),
  /** Customers, projects and tasks created because no one of that name exists. */
  customers: z.number().int(),
  projects: z.number().int(),
  tasks: z.number().int(),
  /** Members the logs go to. */
  members: z.number().int(),
  /** Rows imported before (the same file again): left alone. */
  skippedDuplicates: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  isCommitted: z.boolean(),
});
export type ImportResult = z.output<typeof importResultSchema>;
export type ImportError = ImportResult["errors"][number];
