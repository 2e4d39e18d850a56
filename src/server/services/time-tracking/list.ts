// The public time-log list (contract 4.2): history, backfill and reconciliation, newest start first.
// One statement written in SQL (a hot list of the public API: Prisma's query building and model
// mapping cost more than the query) that reads the rows in their response shape; every row scoped to
// the organization, the same keyset as every list, served by the (organizationId, <filter>,
// startedAt, id) indexes.
import { hotQuery, Prisma, type DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import { logNotFound, scopeSql, scopeWhere } from "./log-access";
import { serializeTimeLog, timeLogSelect, timeLogViewColumns, type ListTimeLogsInput, type TimeLogView } from "@/server/contract/time-log";

/** GET /api/v1/time-logs/{id}: one committed log of the organization (a deleted one, or another organization's, is a 404). */
export async function getTimeLog(db: DbClient, organizationId: string, id: string): Promise<TimeLogView> {
  const log = await db.timeLog.findFirst({ where: { id, ...scopeWhere({ organizationId }) }, select: timeLogSelect });
  if (!log) throw logNotFound();
  return serializeTimeLog(log);
}

/** Committed logs only (a running timer is not a time log, a deleted log is gone), sorted by startedAt then id, descending. */
export async function listTimeLogs(db: DbClient, organizationId: string, filters: ListTimeLogsInput): Promise<Page<TimeLogView>> {
  const conditions = [
    ...scopeSql({ organizationId }),
    ...(filters.from ? [Prisma.sql`l."startedAt" >= ${filters.from}`] : []),
    ...(filters.to ? [Prisma.sql`l."startedAt" <= ${filters.to}`] : []),
    ...(filters.taskId ? [Prisma.sql`l."taskId" = ${filters.taskId}`] : []),
    ...(filters.customerId ? [Prisma.sql`l."customerId" = ${filters.customerId}`] : []),
    ...(filters.constellationId ? [Prisma.sql`l."constellationId" = ${filters.constellationId}`] : []),
    ...(filters.userId ? [Prisma.sql`l."userId" = ${filters.userId}`] : []),
    ...(filters.isBillable === undefined ? [] : [Prisma.sql`l."isBillable" = ${filters.isBillable}`]),
    ...(filters.source ? [Prisma.sql`l."source" = ${filters.source}::"TimeLogSource"`] : []),
    ...(filters.updatedSince ? [Prisma.sql`l."updatedAt" >= ${filters.updatedSince}`] : []),
  ];
  const page = await paginate(
    { kind: "time-logs", sortField: "startedAt", limit: filters.limit, cursor: filters.cursor },
    ({ take }, position) => {
      const after = position ? [Prisma.sql`(l."startedAt", l."id") < (${position.sortValue}, ${position.id})`] : [];
      return hotQuery<TimeLogView>(
        db,
        Prisma.sql`
        SELECT ${timeLogViewColumns("l")}
        FROM "TimeLog" l
        WHERE ${Prisma.join([...conditions, ...after], " AND ")}
        ORDER BY l."startedAt" DESC, l."id" DESC
        LIMIT ${take}`,
      );
    },
    (log) => new Date(log.startedAt),
  );
  return page;
}
