// Saved and shared reports (app-api section 12): a report's parameters kept under a name, with a
// range either fixed or relative (resolved when the report is opened, in its owner's time zone).
import { z } from "zod";
import { idInput, isoInstant, jsonBoolean, timestampSchema } from "@/server/lib/zod";
import { paginationInput } from "@/server/lib/cursor";
import { MAX_REPORT_NAME_LENGTH } from "@/lib/limits";
import { refineReportRange } from "@/server/contract/hours-report";
import { reportGroupBy, timeReportFilters, timeReportSchema } from "@/server/contract/time-report";
import { RELATIVE_RANGES } from "@/lib/report-ranges";
import { REPORT_APPROVAL_STATES } from "@/server/contract/approval";


const fixedRange = z.object({ from: isoInstant(), to: isoInstant() }).superRefine(refineReportRange);
const range = z.union([z.enum(RELATIVE_RANGES), fixedRange], { error: `must be { from, to } or one of ${RELATIVE_RANGES.join(", ")}` });

/** A saved report's parameters: the time report's, with `range` in place of from and to, and JSON booleans. */
export const savedReportQuery = z.object({ ...timeReportFilters, range, groupBy: reportGroupBy, isBillable: jsonBoolean().optional(), invoiced: jsonBoolean().optional() });
export type SavedReportQuery = z.output<typeof savedReportQuery>;

/** As stored (dates as ISO strings) and as shown. */
const storedQuerySchema = z.object({
  range: z.union([z.enum(RELATIVE_RANGES), z.object({ from: timestampSchema, to: timestampSchema })]),
  groupBy: z.array(z.string()),
  customerId: z.string().optional(),
  projectId: z.string().optional(),
  taskId: z.string().optional(),
  userId: z.string().optional(),
  isBillable: z.boolean().optional(),
  invoiced: z.boolean().optional(),
  tag: z.string().optional(),
  approval: z.enum(REPORT_APPROVAL_STATES).optional(),
});
export type StoredReportQuery = z.output<typeof storedQuerySchema>;

export const createSavedReportInput = z.object({
  name: z.string().trim().min(1, "must not be empty").max(MAX_REPORT_NAME_LENGTH, `must be at most ${MAX_REPORT_NAME_LENGTH} characters`),
  query: savedReportQuery,
  showAmounts: jsonBoolean().optional(),
});
export type CreateSavedReportInput = z.output<typeof createSavedReportInput>;

export const savedReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: storedQuerySchema,
  showAmounts: z.boolean(),
  /** Whether a share URL is live (the URL itself is shown once, when it is made). */
  isShared: z.boolean(),
  createdAt: timestampSchema,
});
export type SavedReportView = z.output<typeof savedReportSchema>;

export const listSavedReportsInput = z.object(paginationInput("saved-reports"));
export type ListSavedReportsInput = z.output<typeof listSavedReportsInput>;

export const savedReportIdInput = z.object({ id: idInput });

export const sharedReportUrlSchema = z.object({ url: z.string() });

/** A share URL's token (its shape is checked where it is looked up: a malformed one is simply unknown). */
export const sharedReportTokenInput = z.object({ token: z.string().min(1).max(200) });

/** What a share URL shows: the saved report's name, the report as of now, and its owner's clock and duration format. */
export const sharedReportSchema = z.object({
  name: z.string(),
  report: timeReportSchema,
  display: z.object({ timeFormat: z.enum(["h12", "h24"]), durationFormat: z.enum(["hm", "decimal", "hms"]) }),
});
export type SharedReportView = z.output<typeof sharedReportSchema>;

interface SavedReportRow {
  id: string;
  name: string;
  query: unknown;
  showAmounts: boolean;
  shareTokenHash: string | null;
  createdAt: Date;
}

export function serializeSavedReport(row: SavedReportRow): SavedReportView {
  return { id: row.id, name: row.name, query: storedQuerySchema.parse(row.query), showAmounts: row.showAmounts, isShared: row.shareTokenHash !== null, createdAt: row.createdAt.toISOString() };
}

export function storedQueryOf(query: SavedReportQuery): StoredReportQuery {
  const { range: given, ...rest } = query;
  return { ...rest, range: typeof given === "string" ? given : { from: given.from.toISOString(), to: given.to.toISOString() } };
}

export { storedQuerySchema };
