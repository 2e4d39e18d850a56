// The web app's time-log reads: the week view's list (with task and customer names) and its totals
// per day. Whose logs they read is log-access.ts's rule.
import type { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import {
  appTimeLogSelect,
  serializeAppTimeLog,
  type AppTimeLogFilters,
  type AppTimeLogView,
  type ListTimeLogsWithNamesInput,
  type SummarizeTimeLogsInput,
  type TimeLogSummary,
} from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import { visibleLogsWhere } from "./log-access";

function filtersWhere(actor: Actor, filters: AppTimeLogFilters): Prisma.TimeLogWhereInput {
  return {
    ...visibleLogsWhere(actor, filters.userId),
    ...(filters.customerId ? { customerId: filters.customerId } : {}),
    ...(filters.isBillable === undefined ? {} : { isBillable: filters.isBillable }),
    ...(filters.constellationId ? { constellationId: filters.constellationId } : {}),
  };
}

/** Logs started in [from, to), newest first, keyset-paginated like every list. */
export async function listTimeLogsWithNames(
  db: DbClient,
  actor: Actor,
  input: ListTimeLogsWithNamesInput,
): Promise<Page<AppTimeLogView>> {
  const startedAt: Prisma.DateTimeFilter = {};
  if (input.from) startedAt.gte = input.from;
  if (input.to) startedAt.lt = input.to;
  const where: Prisma.TimeLogWhereInput = { ...filtersWhere(actor, input), ...(input.from || input.to ? { startedAt } : {}) };
  const page = await paginate(
    { kind: "time-logs", sortField: "startedAt", limit: input.limit, cursor: input.cursor },
    (args) => db.timeLog.findMany({ ...args, where: { AND: [where, args.where] }, select: appTimeLogSelect }),
    (log) => log.startedAt,
  );
  return { items: page.items.map(serializeAppTimeLog), pagination: page.pagination };
}

/**
 * Totals per day for days the browser delimits (`dayStarts` in its own time zone, then `end`), so a
 * day is the person's day, daylight-saving changes included. One grouped query per day (at most 31).
 */
export async function summarizeTimeLogs(
  db: DbClient,
  actor: Actor,
  input: SummarizeTimeLogsInput,
): Promise<TimeLogSummary> {
  const where = filtersWhere(actor, input);
  const bounds = [...input.dayStarts, input.end];
  const days = await Promise.all(
    input.dayStarts.map(async (start, index) => {
      const groups = await db.timeLog.groupBy({
        by: ["isBillable"],
        where: { ...where, startedAt: { gte: start, lt: bounds[index + 1]! } },
        _sum: { durationSeconds: true },
        _count: { _all: true },
      });
      const seconds = groups.reduce((sum, group) => sum + (group._sum.durationSeconds ?? 0), 0);
      const billableSeconds = groups.filter((group) => group.isBillable).reduce((sum, group) => sum + (group._sum.durationSeconds ?? 0), 0);
      const count = groups.reduce((sum, group) => sum + group._count._all, 0);
      return { start: start.toISOString(), seconds, billableSeconds, count };
    }),
  );
  return {
    days,
    totalSeconds: days.reduce((sum, day) => sum + day.seconds, 0),
    billableSeconds: days.reduce((sum, day) => sum + day.billableSeconds, 0),
    count: days.reduce((sum, day) => sum + day.count, 0),
  };
}
