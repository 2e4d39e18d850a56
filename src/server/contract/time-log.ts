// Time log (app-api section 4, contract 4.2): the response allowlist, the public list, offline sync and
// the web app's list and totals, the columns a response is read from, and the serializer. `notes` and
// `clientSessionId` are withheld: never selected for a response, never copied.
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { tombstoneSchema } from "@/server/contract/tombstone";
import { isoTimestamp, tagsAsJson } from "@/server/lib/sql";
import { MAX_LOG_DESCRIPTION_LENGTH, MAX_LOG_SECONDS, MAX_SYNC_ENTRIES } from "@/lib/limits";
import { idInput, isoInstant, jsonBoolean, optionalText, queryBoolean, tagsInput, timestampSchema, uncoerced, updatedSinceInput } from "@/server/lib/zod";

export const timeLogSourceSchema = z.enum(["manual", "timer", "imported"]);

// ---- Responses ----

export const timeLogSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    taskId: z.string().nullable(),
    customerId: z.string().nullable(),
    constellationId: z.string().nullable().meta({ description: "The project (constellation) the time is logged to" }),
    description: z.string().nullable(),
    startedAt: timestampSchema,
    endedAt: timestampSchema.nullable().meta({ description: "Wall-clock end; may differ from startedAt + durationSeconds" }),
    durationSeconds: z.number().int().meta({ description: "Authoritative for billing" }),
    tags: z.array(z.string()),
    isBillable: z.boolean(),
    source: timeLogSourceSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema.meta({ description: "Moves on every change of the log" }),
  })
  .meta({ id: "TimeLog" });

/** The web app's row: the log with the names it shows (a deleted task's title is not shown). */
export const appTimeLogSchema = timeLogSchema.extend({
  taskTitle: z.string().nullable(),
  customerName: z.string().nullable(),
  projectName: z.string().nullable(),
  /** The colour the calendar shows it in: its customer's (#RRGGBB), else its project's customer's; null: none set. */
  color: z.string().nullable(),
  userName: z.string(),
  /** The number of the invoice (not void) that bills the log, which locks it; null when it may change. */
  lockedBy: z.string().nullable(),
  /** Invoiced in the tool it was imported from: never put on an Orbit invoice (app only; `/api/v1` keeps the contract's fields). */
  billedExternally: z.boolean(),
});

export const syncTimeLogsOutput = z.object({
  /** The logs this request committed, in request order. */
  committed: z.array(timeLogSchema),
  /** clientSessionIds already committed, by an earlier request or earlier in this one, in request order. */
  duplicates: z.array(z.string()),
});

export const timeLogSummarySchema = z.object({
  days: z.array(z.object({ start: z.string(), seconds: z.number().int(), billableSeconds: z.number().int(), count: z.number().int() })),
  totalSeconds: z.number().int(),
  billableSeconds: z.number().int(),
  count: z.number().int(),
});

export type TimeLogView = z.output<typeof timeLogSchema>;
export type AppTimeLogView = z.output<typeof appTimeLogSchema>;
export type SyncResult = z.output<typeof syncTimeLogsOutput>;
export type TimeLogSummary = z.output<typeof timeLogSummarySchema>;

// ---- Inputs ----

/** A task, customer or project a log or timer points at. Omitted: derived (see references.ts); null: none. */
export const referenceIdInput = idInput.nullable().optional();
/** Trimmed; blank is stored as null. */
export const descriptionInput = optionalText(MAX_LOG_DESCRIPTION_LENGTH);

/** Body fields a time log and a timer share (app-api section 6 limits). */
export const logDetailsInput = {
  taskId: referenceIdInput,
  customerId: referenceIdInput,
  constellationId: referenceIdInput,
  description: descriptionInput,
  tags: tagsInput.optional(),
  isBillable: jsonBoolean().optional(),
};

const idFilter = idInput.optional();

export const END_BEFORE_START = "End must be after start";
const durationSecondsInput = uncoerced(z.number().int().min(0, "A duration cannot be negative").max(MAX_LOG_SECONDS, "A time log can be at most 12 hours"));

export const listTimeLogsInput = z
  .object({
    from: isoInstant().meta({ description: "Inclusive lower bound on startedAt; a full ISO 8601 instant with Z or an offset" }).optional(),
    to: isoInstant().meta({ description: "Inclusive upper bound on startedAt; a full ISO 8601 instant with Z or an offset" }).optional(),
    taskId: idFilter,
    customerId: idFilter,
    constellationId: idFilter,
    userId: idFilter,
    isBillable: queryBoolean().meta({ description: "`true`: only billable logs; `false`: only non-billable ones (sent as exactly `true` or `false`)" }).optional(),
    source: timeLogSourceSchema.optional(),
    ...updatedSinceInput,
    ...paginationInput("time-logs"),
  })
  .superRefine((input, context) => {
    if (input.from && input.to && input.to < input.from) context.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  });

const syncEntryInput = z
  .object({
    clientSessionId: z.string().min(1).max(200).meta({ description: "The client's idempotency key for this entry, unique per user" }),
    ...logDetailsInput,
    startedAt: isoInstant(),
    endedAt: isoInstant().nullable().optional().meta({ description: "Omitted or null: startedAt + durationSeconds" }),
    durationSeconds: durationSecondsInput,
    source: timeLogSourceSchema.optional(),
  })
  .superRefine((entry, context) => {
    if (entry.endedAt && entry.endedAt < entry.startedAt) context.addIssue({ code: "custom", path: ["endedAt"], message: END_BEFORE_START });
  });

export const syncTimeLogsInput = z.object({ entries: z.array(syncEntryInput).min(1).max(MAX_SYNC_ENTRIES) });

/** The web app's filters beyond the public list's: a project, and member scoping. */
const appTimeLogFiltersInput = {
  customerId: idFilter,
  /** A project: logs whose task is filed under it. */
  constellationId: idFilter,
  isBillable: z.boolean().optional(),
  /** Admins only; a member always gets their own logs. */
  userId: idFilter,
};

/** Logs started in [from, to): days the browser delimits in its own time zone. */
export const listTimeLogsWithNamesInput = z
  .object({
    from: isoInstant().optional(),
    to: isoInstant().optional(),
    ...appTimeLogFiltersInput,
    ...paginationInput("time-logs"),
  })
  .superRefine((input, context) => {
    if (input.from && input.to && input.to <= input.from) context.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  });

export const MAX_SUMMARY_DAYS = 31;

export const summarizeTimeLogsInput = z
  .object({
    dayStarts: z.array(isoInstant()).min(1).max(MAX_SUMMARY_DAYS),
    end: isoInstant(),
    ...appTimeLogFiltersInput,
  })
  .superRefine((input, context) => {
    const bounds = [...input.dayStarts, input.end].map((value) => new Date(value).getTime());
    if (bounds.some((value, index) => index > 0 && value <= bounds[index - 1]!)) {
      context.addIssue({ code: "custom", path: ["dayStarts"], message: "day starts and end must be strictly ascending" });
    }
  });

/** The path id of one time log. */
export const timeLogIdInput = z.object({ id: idInput.meta({ description: "Time log id" }) });

/**
 * What a log or timer with these references is filed under (the web app's pickers): an omitted id is
 * derived as for any log (the task's primary project; the project's customer, else the task's); null
 * means none.
 */
export const filingInput = z.object({ taskId: referenceIdInput, customerId: referenceIdInput, constellationId: referenceIdInput });
export const filingSchema = z.object({
  taskId: z.string().nullable(),
  customerId: z.string().nullable(),
  constellationId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  customerName: z.string().nullable(),
  projectName: z.string().nullable(),
  /** The customer's colour (#RRGGBB), or the project's customer's when the log has no customer. */
  color: z.string().nullable(),
});
export type FilingInput = z.output<typeof filingInput>;

/** The colour a log is shown in (the calendar): its customer's, else its project's customer's. */
export function logColor(customer: { color: string | null } | null | undefined, project: { customer: { color: string | null } | null } | null | undefined): string | null {
  return customer?.color ?? project?.customer?.color ?? null;
}
export type FilingView = z.output<typeof filingSchema>;

/**
 * A change to a log; omitted fields keep their values, except that a new task re-derives an omitted
 * project and customer, and a new project an omitted customer. endedAt and durationSeconds are checked
 * against the result in the service (a start may move past the stored end).
 */
export const updateTimeLogInput = z.object({
  id: idInput,
  ...logDetailsInput,
  startedAt: isoInstant().optional(),
  endedAt: isoInstant().optional(),
  durationSeconds: durationSecondsInput.optional(),
});

export type ListTimeLogsInput = z.output<typeof listTimeLogsInput>;

/** GET /api/v1/time-logs/deleted (app-api section 13): a deleted log's id and when it was deleted. */
export const deletedTimeLogSchema = tombstoneSchema("DeletedTimeLog");
export type UpdateTimeLogInput = z.output<typeof updateTimeLogInput>;
export type SyncEntryInput = z.output<typeof syncEntryInput>;
export type SyncTimeLogsInput = z.output<typeof syncTimeLogsInput>;
export type ListTimeLogsWithNamesInput = z.output<typeof listTimeLogsWithNamesInput>;
export type SummarizeTimeLogsInput = z.output<typeof summarizeTimeLogsInput>;
export type AppTimeLogFilters = Pick<ListTimeLogsWithNamesInput, keyof typeof appTimeLogFiltersInput>;

// ---- Columns and serializer ----

/** The public time-log columns; the app's list adds its display names to these. */
export const timeLogSelect = {
  id: true,
  userId: true,
  taskId: true,
  customerId: true,
  constellationId: true,
  description: true,
  startedAt: true,
  endedAt: true,
  durationSeconds: true,
  tags: true,
  isBillable: true,
  source: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.TimeLogSelect;

/** What decides whether a log is locked: the invoice billing it, if any. */
export const lockSelect = { invoiceLine: { select: { invoice: { select: { number: true, status: true } } } } } as const satisfies Prisma.TimeLogSelect;

/** The invoice number that locks a log (billed by an invoice that is not void), or null when it may change. */
export function lockingInvoice(log: Prisma.TimeLogGetPayload<{ select: typeof lockSelect }>): string | null {
  const invoice = log.invoiceLine?.invoice;
  return invoice && invoice.status !== "void" ? invoice.number : null;
}

export const appTimeLogSelect = {
  ...timeLogSelect,
  task: { select: { title: true, deletedAt: true } },
  customer: { select: { name: true, color: true } },
  constellation: { select: { title: true, customer: { select: { color: true } } } },
  user: { select: { name: true } },
  billedExternally: true,
  ...lockSelect,
} as const satisfies Prisma.TimeLogSelect;

export type TimeLogRow = Prisma.TimeLogGetPayload<{ select: typeof timeLogSelect }>;
type AppTimeLogRow = Prisma.TimeLogGetPayload<{ select: typeof appTimeLogSelect }>;

/**
 * The same view as `serializeTimeLog`, as the select list of a statement written in SQL over "TimeLog"
 * aliased `alias`: the same fields in the same order, timestamps already in the API's format.
 */
export function timeLogViewColumns(alias: string): Prisma.Sql {
  const column = (name: string) => `${alias}."${name}"`;
  return Prisma.sql`${Prisma.raw(["id", "userId", "taskId", "customerId", "constellationId", "description"].map(column).join(", "))},
    ${isoTimestamp(column("startedAt"))} AS "startedAt", ${isoTimestamp(column("endedAt"))} AS "endedAt",
    ${Prisma.raw(column("durationSeconds"))}, ${tagsAsJson(alias)}, ${Prisma.raw(column("isBillable"))}, ${Prisma.raw(column("source"))}::text AS "source",
    ${isoTimestamp(column("createdAt"))} AS "createdAt", ${isoTimestamp(column("updatedAt"))} AS "updatedAt"`;
}

export function serializeTimeLog(log: TimeLogRow): TimeLogView {
  return {
    id: log.id,
    userId: log.userId,
    taskId: log.taskId,
    customerId: log.customerId,
    constellationId: log.constellationId,
    description: log.description,
    startedAt: log.startedAt.toISOString(),
    endedAt: log.endedAt ? log.endedAt.toISOString() : null,
    durationSeconds: log.durationSeconds,
    tags: [...log.tags],
    isBillable: log.isBillable,
    source: log.source,
    createdAt: log.createdAt.toISOString(),
    updatedAt: log.updatedAt.toISOString(),
  };
}

export function serializeAppTimeLog({ task, customer, constellation, user, invoiceLine, billedExternally, ...log }: AppTimeLogRow): AppTimeLogView {
  return {
    ...serializeTimeLog(log),
    // A deleted task's title is not shown; the log keeps its time.
    taskTitle: task && !task.deletedAt ? task.title : null,
    customerName: customer?.name ?? null,
    projectName: constellation?.title ?? null,
    color: logColor(customer, constellation),
    userName: user.name,
    lockedBy: lockingInvoice({ invoiceLine }),
    billedExternally,
  };
}
