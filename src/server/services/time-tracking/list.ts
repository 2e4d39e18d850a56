// The public time-log list (contract 4.2): history, backfill and reconciliation, newest start first.
import type { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import { serializeTimeLog, timeLogSelect, type ListTimeLogsInput, type TimeLogView } from "@/server/contract/time-log";

/** Committed logs only (a running timer is not a time log), sorted by startedAt then id, descending. */
export async function listTimeLogs(db: DbClient, organizationId: string, filters: ListTimeLogsInput): Promise<Page<TimeLogView>> {
  const startedAt: Prisma.DateTimeFilter = {};
  if (filters.from) startedAt.gte = filters.from;
  if (filters.to) startedAt.lte = filters.to;
  const where: Prisma.TimeLogWhereInput = {
    organizationId,
    ...(filters.from || filters.to ? { startedAt } : {}),
    ...(filters.taskId ? { taskId: filters.taskId } : {}),
    ...(filters.customerId ? { customerId: filters.customerId } : {}),
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.isBillable === undefined ? {} : { isBillable: filters.isBillable }),
    ...(filters.source ? { source: filters.source } : {}),
  };
  const page = await paginate(
    { kind: "time-logs", sortField: "startedAt", limit: filters.limit, cursor: filters.cursor },
    (args) => db.timeLog.findMany({ ...args, where: { AND: [where, args.where] }, select: timeLogSelect }),
    (log) => log.startedAt,
  );
  return { items: page.items.map(serializeTimeLog), pagination: page.pagination };
}
