// GET /api/v1/time-logs/deleted and /api/v1/tasks/deleted (app-api section 13): an organization's deleted
// logs and tasks, oldest deletion first, so that an integrator syncing with `updatedSince` also learns
// what to remove. A deleted row is its own tombstone: deletion is soft (`deletedAt`), and the index on
// (organizationId, deletedAt, id) serves the list.
import type { DbClient } from "@/server/db";
import { paginate, type CursorKind, type Page } from "@/server/lib/cursor";
import type { ListTombstonesInput, TombstoneView } from "@/server/contract/tombstone";

type TombstoneRow = { id: string; deletedAt: Date | null };
type TombstoneQuery = (filter: { deletedAt: { not: null; gte?: Date } }, page: { where: Record<string, unknown>; orderBy: Array<Record<string, "asc" | "desc">>; take: number }) => Promise<TombstoneRow[]>;

async function listTombstones(kind: CursorKind, input: ListTombstonesInput, query: TombstoneQuery): Promise<Page<TombstoneView>> {
  const deletedAt = input.since ? { not: null, gte: input.since } : { not: null };
  const page = await paginate({ kind, sortField: "deletedAt", limit: input.limit, cursor: input.cursor, direction: "asc" }, (args) => query({ deletedAt }, args), (row) => row.deletedAt!);
  return { items: page.items.map((row) => ({ id: row.id, deletedAt: row.deletedAt!.toISOString() })), pagination: page.pagination };
}

const tombstoneSelect = { id: true, deletedAt: true } as const;

export function listDeletedTimeLogs(db: DbClient, organizationId: string, input: ListTombstonesInput): Promise<Page<TombstoneView>> {
  return listTombstones("deleted-time-logs", input, ({ deletedAt }, page) =>
    db.timeLog.findMany({ where: { organizationId, deletedAt, AND: [page.where] }, orderBy: page.orderBy, take: page.take, select: tombstoneSelect }),
  );
}

export function listDeletedTasks(db: DbClient, organizationId: string, input: ListTombstonesInput): Promise<Page<TombstoneView>> {
  return listTombstones("deleted-tasks", input, ({ deletedAt }, page) =>
    db.task.findMany({ where: { organizationId, deletedAt, AND: [page.where] }, orderBy: page.orderBy, take: page.take, select: tombstoneSelect }),
  );
}
