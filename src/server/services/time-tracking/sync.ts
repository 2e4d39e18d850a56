// Offline sync: a client that tracked time offline commits its entries in one request. Idempotent per
// (user, clientSessionId): the unique index decides which entries are new, even under concurrent
// replays (INSERT … ON CONFLICT DO NOTHING), and only those are committed and announced.
import type { Db } from "@/server/db";
import { serializeTimeLog, type SyncResult, type SyncTimeLogsInput } from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import { recordCommittedLogs } from "./events";
import { resolveReferences } from "./references";
import { WRITE_TRANSACTION } from "./limits";

export async function syncTimeLogs(db: Db, actor: Actor, input: SyncTimeLogsInput): Promise<SyncResult> {
  const { organizationId, userId } = actor;
  const firstIndex = new Map<string, number>();
  input.entries.forEach((entry, index) => {
    if (!firstIndex.has(entry.clientSessionId)) firstIndex.set(entry.clientSessionId, index);
  });

  return db.$transaction(async (tx) => {
    const alreadyCommitted = await tx.timeLog.findMany({
      where: { organizationId, userId, clientSessionId: { in: [...firstIndex.keys()] } },
      select: { clientSessionId: true },
    });
    const known = new Set(alreadyCommitted.map((log) => log.clientSessionId));
    // A replay is acknowledged even if its task was deleted since, so only new entries are checked.
    const candidates = [...firstIndex.entries()].filter(([clientSessionId]) => !known.has(clientSessionId)).map(([, index]) => index);
    const references = await resolveReferences(
      tx,
      organizationId,
      candidates.map((index) => input.entries[index]!),
      (position) => `entries.${candidates[position]}.`,
    );

    const inserted = candidates.length
      ? await tx.timeLog.createManyAndReturn({
          data: candidates.map((index, position) => {
            const entry = input.entries[index]!;
            return {
              organizationId,
              userId,
              clientSessionId: entry.clientSessionId,
              taskId: references[position]!.taskId,
              customerId: references[position]!.customerId,
              description: entry.description ?? null,
              startedAt: entry.startedAt,
              endedAt: entry.endedAt ?? null,
              durationSeconds: entry.durationSeconds,
              tags: entry.tags ?? [],
              isBillable: entry.isBillable ?? true,
              source: entry.source ?? "timer",
            };
          }),
          skipDuplicates: true,
        })
      : [];
    const insertedById = new Map(inserted.map((log) => [log.clientSessionId!, log]));

    const committed = input.entries.flatMap((entry, index) => {
      const log = firstIndex.get(entry.clientSessionId) === index ? insertedById.get(entry.clientSessionId) : undefined;
      return log ? [log] : [];
    });
    const duplicates = input.entries
      .filter((entry, index) => firstIndex.get(entry.clientSessionId) !== index || !insertedById.has(entry.clientSessionId))
      .map((entry) => entry.clientSessionId);

    await recordCommittedLogs(tx, organizationId, committed, "offline_sync");
    return { committed: committed.map(serializeTimeLog), duplicates };
  }, WRITE_TRANSACTION);
}
