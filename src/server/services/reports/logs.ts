// A report's detail: its logs a keyset page at a time, oldest first, with the names they belong to.
// The same viewer and conditions as the summary (the log keys come from its statement, then the rows by
// id); served by the TimeLog (organizationId, …, startedAt, id) indexes. Amounts stay in the summary
// (they are totals of invoice lines, not per-row figures).
import type { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import type { ReportLogView, TimeReportLogsInput } from "@/server/contract/time-report";
import { reportLogKeys, type ReportViewer } from "@/server/services/reports/time";

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
  const page = await paginate(
    { kind: "report-logs", sortField: "startedAt", limit: input.limit, cursor: input.cursor, direction: "asc" },
    async (args, position) => {
      const keys = await reportLogKeys(db, viewer, input, position ? { startedAt: position.sortValue, id: position.id } : null, args.take);
      const rows = await db.timeLog.findMany({ where: { organizationId: viewer.organizationId, id: { in: keys.map((key) => key.id) } }, select: reportLogSelect });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return keys.flatMap((key) => byId.get(key.id) ?? []);
    },
    (row) => row.startedAt,
  );
  return { items: page.items.map(serializeReportLog), pagination: page.pagination };
}
