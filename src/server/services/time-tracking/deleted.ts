// GET /api/v1/time-logs/deleted (app-api section 13): the organization's deleted logs, oldest deletion
// first, so that an integrator syncing with `updatedSince` also learns what to remove.
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import type { DeletedTimeLogView, ListDeletedTimeLogsInput } from "@/server/contract/time-log";

export async function listDeletedTimeLogs(db: DbClient, organizationId: string, input: ListDeletedTimeLogsInput): Promise<Page<DeletedTimeLogView>> {
  const page = await paginate(
    { kind: "deleted-time-logs", sortField: "deletedAt", limit: input.limit, cursor: input.cursor, direction: "asc" },
    (args) =>
      db.timeLog.findMany({
        where: { organizationId, deletedAt: input.since ? { not: null, gte: input.since } : { not: null }, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: { id: true, deletedAt: true },
      }),
    (row) => row.deletedAt!,
  );
  return { items: page.items.map((row) => ({ id: row.id, deletedAt: row.deletedAt!.toISOString() })), pagination: page.pagination };
}
