// A report's detail: its logs a keyset page at a time, oldest first, with the names they belong to.
// The same viewer and filters as the summary; served by the TimeLog (organizationId, …, startedAt, id)
// indexes. Amounts stay in the summary (they are totals of invoice lines, not per-row figures).
import type { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import type { ReportLogView, TimeReportLogsInput } from "@/server/contract/time-report";
import type { ReportViewer } from "@/server/services/reports/time";
import { INVOICED_LOG, NOT_INVOICED_LOG } from "@/server/services/invoices/invoiced-logs";
import { scopeWhere } from "@/server/services/time-tracking/log-access";

const reportLogSelect = {
  id: true,
  startedAt: true,
  durationSeconds: true,
  isBillable: true,
  description: true,
  user: { select: { name: true } },
  customer: { select: { name: true } },
  constellation: { select: { title: true } },
  task: { select: { title: true } },
} as const satisfies Prisma.TimeLogSelect;

type ReportLogRow = Prisma.TimeLogGetPayload<{ select: typeof reportLogSelect }>;

const serializeReportLog = (row: ReportLogRow): ReportLogView => ({
  id: row.id,
  startedAt: row.startedAt.toISOString(),
  durationSeconds: row.durationSeconds,
  isBillable: row.isBillable,
  description: row.description,
  member: row.user.name,
  customer: row.customer?.name ?? null,
  project: row.constellation?.title ?? null,
  task: row.task?.title ?? null,
});

export async function timeReportLogPage(db: DbClient, viewer: ReportViewer, input: TimeReportLogsInput): Promise<Page<ReportLogView>> {
  const where: Prisma.TimeLogWhereInput = {
    ...scopeWhere(viewer),
    startedAt: { gte: input.from, lt: input.to },
    ...(input.customerId ? { customerId: input.customerId } : {}),
    ...(input.projectId ? { constellationId: input.projectId } : {}),
    ...(input.taskId ? { taskId: input.taskId } : {}),
    ...(input.isBillable === undefined ? {} : { isBillable: input.isBillable }),
    ...(input.tag ? { tags: { has: input.tag } } : {}),
    ...(input.invoiced === undefined ? {} : input.invoiced ? INVOICED_LOG : NOT_INVOICED_LOG),
  };
  const page = await paginate(
    { kind: "report-logs", sortField: "startedAt", limit: input.limit, cursor: input.cursor, direction: "asc" },
    (args) => db.timeLog.findMany({ ...args, where: { AND: [where, args.where] }, select: reportLogSelect }),
    (row) => row.startedAt,
  );
  return { items: page.items.map(serializeReportLog), pagination: page.pagination };
}
