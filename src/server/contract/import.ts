// Imports (app-api sections 12 and 17): time logs from a CSV of Toggl, Clockify, Harvest or Orbit (our
// export), each person's rows kept theirs (matched by email, then by full name, else mapped or skipped).
import type { Readable } from "node:stream";
import { z } from "zod";
import { timeZoneInput } from "@/server/contract/preferences";
import { MAX_EMAIL_LENGTH, MAX_ID_LENGTH, MAX_NAME_LENGTH } from "@/lib/limits";

export const IMPORT_SOURCES = ["toggl", "clockify", "harvest", "orbit"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** How a file's dates are written: year-month-day, month/day/year (US), day/month/year (Europe), or found from the file. */
export const IMPORT_DATE_FORMATS = ["auto", "ymd", "mdy", "dmy"] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
export type ReadDateFormat = Exclude<ImportDateFormat, "auto">;

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** What a person's rows become in `people`: a member's id, or this word to leave them out. */
export const SKIP_PERSON = "skip";

/** A file that can be read more than once (the upload's temporary copy): each `open` starts again from its first byte. */
export interface ImportFile {
  open(): Readable;
}

/** Checked by shape: this module is also read by the web app, which has no node:stream. */
const isImportFile = (value: unknown) => typeof value === "object" && value !== null && typeof (value as ImportFile).open === "function";

const personKey = z.string().max(Math.max(MAX_EMAIL_LENGTH, MAX_NAME_LENGTH * 2 + 1), "is too long to be a person's name or email");
const personTarget = z.union([z.literal(SKIP_PERSON), z.string().min(1).max(MAX_ID_LENGTH)], { error: `must be a member's id or "${SKIP_PERSON}"` });

export const importInput = z.object({
  source: z.enum(IMPORT_SOURCES, { error: `must be one of ${IMPORT_SOURCES.join(", ")}` }),
  /** false (the default) previews: everything is checked and counted, nothing is written. */
  commit: z.boolean({ error: "must be true or false" }).default(false),
  /** The CSV: the upload's copy from the multipart route (read as a stream, more than once), or its text from a tRPC call. */
  file: z.union([z.string().max(MAX_IMPORT_BYTES, "must be at most 10 MiB"), z.custom<ImportFile>(isImportFile)], { error: "attach a CSV file" }),
  /** Each person of the file (by email, or by name when the file has no email) → a member's id, or `skip`. */
  people: z.record(personKey, personTarget, { error: 'must be a JSON object of { "<name or email>": "<member id>" or "skip" }' }).default({}),
  dateFormat: z.enum(IMPORT_DATE_FORMATS, { error: `must be one of ${IMPORT_DATE_FORMATS.join(", ")}` }).default("auto"),
  /** The zone the file's local dates and times are read in; omitted: the importer's preference. */
  timeZone: timeZoneInput.optional(),
  /** true: the good rows are committed and the rest answered in `errors`; false: any row error writes nothing. */
  skipInvalid: z.boolean({ error: "must be true or false" }).default(false),
});
export type ImportInput = z.output<typeof importInput>;

export const importPersonSchema = z.object({
  /** As the file writes it: Toggl's and Clockify's User, Harvest's First and Last Name, Orbit's member; empty when the file has none. */
  name: z.string(),
  email: z.string().nullable(),
  /** Data rows of this person. */
  rows: z.number().int(),
  /** The member the rows go to: the one matched (by email, then by full name) or chosen in `people`; null when unmatched or skipped. */
  memberId: z.string().nullable(),
  /** How `memberId` was found; null when unmatched. */
  matchedBy: z.enum(["email", "name", "people"]).nullable(),
  /** Left out through `people`. */
  isSkipped: z.boolean(),
});
export type ImportPerson = z.output<typeof importPersonSchema>;

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
  /** Rows with a problem (listed in `errors`): skipped with `skipInvalid`, otherwise they stop the import. */
  invalidRows: z.number().int(),
  /** Rows of people skipped through `people`. */
  skippedPeopleRows: z.number().int(),
  /** Rows of people matched to no member and not yet mapped: a commit needs `people` for them. */
  unmatchedRows: z.number().int(),
  /** Logs (of `logs`) invoiced in the other tool: imported as billed elsewhere. */
  billedExternally: z.number().int(),
  /** The date format the file was read with; null when it has no dates to read (an Orbit export). */
  dateFormat: z.enum(["ymd", "mdy", "dmy"]).nullable(),
  /** The zone local dates and times were read in. */
  timeZone: z.string(),
  people: z.array(importPersonSchema),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  isCommitted: z.boolean(),
});
export type ImportResult = z.output<typeof importResultSchema>;
export type ImportError = ImportResult["errors"][number];
