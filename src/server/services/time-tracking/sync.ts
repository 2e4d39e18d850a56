// Offline sync: a client that tracked time offline commits its entries in one request. Idempotent per
// (user, clientSessionId): the unique index decides which entries are new, even under concurrent
// replays (INSERT … ON CONFLICT DO NOTHING), and only those are committed and announced. Every log the
// web app creates goes through `commitEntries` (the timesheet's added time too).
import type { Db, Tx } from "@/server/db";
import type { TimeLog } from "@/generated/prisma/client";
import { serializeTimeLog, type SyncEntryInput, type SyncResult, type SyncTimeLogsInput } from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import { recordCommittedLogs } from "./events";
import { resolveReferences } from "./references";
import { WRITE_TRANSACTION } from "./limits";

/**
 * Inserts one user's entries whose clientSessionId is not taken yet, with their references checked
 * and derived, and records their task counters and `time_log.created` events. Answers the inserted
 * rows; an entry without endedAt ends at startedAt + durationSeconds.
 */
export async function commitEntries(
  tx: Tx,
  organizationId: string,
  userId: string,
  entries: readonly SyncEntryInput[],
  fieldPrefix: (index: number) => string = () => "",
): Promise<TimeLog[]> {
  if (!entries.length) return [];
  const references = await resolveReferences(tx, organizationId, entries, fieldPrefix);
  const inserted = await tx.timeLog.createManyAndReturn({
    data: entries.map((entry, index) => ({
      organizationId,
      userId,
      clientSessionId: entry.clientSessionId,
      ...references[index]!,
      description: entry.description ?? null,
      startedAt: entry.startedAt,
      endedAt: entry.endedAt ?? new Date(entry.startedAt.getTime() + entry.durationSeconds * 1000),
      durationSeconds: entry.durationSeconds,
      tags: entry.tags ?? [],
      isBillable: entry.isBillable ?? true,
      source: entry.source ?? "timer",
    })),
    skipDuplicates: true,
  });
  await recordCommittedLogs(tx, organizationId, inserted, "offline_sync");
  return inserted;
}

export async function syncTimeLogs(db: Db, actor: Actor, input: SyncTimeLogsInput): Promise<SyncResult> {
  const { organizationId, userId } = actor;
  const firstIndex = new Map<string, number>();
  input.entries.forEach((entry, index) => {
    if (!firstIndex.has(entry.clientSessionId)) firstIndex.set(entry.clientSessionId, index);
  });

  return db.$transaction(async (tx) => {
    // A deleted log keeps its key: replaying its entry is still a duplicate, not a new log.
    const alreadyCommitted = await tx.timeLog.findMany({
      where: { organizationId, userId, clientSessionId: { in: [...firstIndex.keys()] } },
      select: { clientSessionId: true },
    });
    const known = new Set(alreadyCommitted.map((log) => log.clientSessionId));
    // A replay is acknowledged even if its task was deleted since, so only new entries are checked.
    const candidates = [...firstIndex.entries()].filter(([clientSessionId]) => !known.has(clientSessionId)).map(([, index]) => index);
    const inserted = await commitEntries(
      tx,
      organizationId,
      userId,
      candidates.map((index) => input.entries[index]!),
      (position) => `entries.${candidates[position]}.`,
    );
    const insertedById = new Map(inserted.map((log) => [log.clientSessionId!, log]));

    const committed = input.entries.flatMap((entry, index) => {
      const log = firstIndex.get(entry.clientSessionId) === index ? insertedById.get(entry.clientSessionId) : undefined;
      return log ? [log] : [];
    });
    const duplicates = input.entries
      .filter((entry, index) => firstIndex.get(entry.clientSessionId) !== index || !insertedById.has(entry.clientSessionId))
      .map((entry) => entry.clientSessionId);
    return { committed: committed.map(serializeTimeLog), duplicates };
  }, WRITE_TRANSACTION);
}
