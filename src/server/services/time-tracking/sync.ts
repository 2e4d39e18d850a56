// Offline sync: a client that tracked time offline commits its entries in one request. Idempotent per
// (user, clientSessionId): the unique index decides which entries are new, even under concurrent
// replays (INSERT … ON CONFLICT DO NOTHING), and only those are committed and announced. Every log the
// web app creates goes through `commitEntries` (the timesheet's added time too).
// The reads come first and the writes are one statement, with no transaction around them on the
// embedded database: there a transaction holds the only connection between its statements, and a
// 500-entry sync's held it for 300-660 ms while every other organization's statements waited. The week
// check (approvals, week-locks.ts) is race-free either way: on PostgreSQL the sync is one transaction
// holding the member's row from the check to the commit; on the embedded database, whose statements
// run one at a time, the insert repeats the check in its own statement.
// One organization's syncs run one at a time in a process (the others wait their turn, within the
// organization's request bounds): a 500-entry sync is the heaviest write a request makes, and two
// at once took both of a small machine's cores from every other tenant.
import { Prisma, type Db, type DbClient } from "@/server/db";
import type { TimeLog } from "@/generated/prisma/client";
import { serializeTimeLog, type SyncEntryInput, type SyncResult, type SyncTimeLogsInput } from "@/server/contract/time-log";
import { BOUNDS } from "@/server/load/bounds";
import { keyedConcurrencyLimit, type ConcurrencyLimit } from "@/server/load/concurrency";
import { newCuid } from "@/server/lib/ids";
import { sqlTimestamp } from "@/server/lib/sql";
import { processState } from "@/server/process-state";
import type { Actor } from "@/server/services/auth/account";
import { eventWrites, planEvents } from "@/server/webhooks/enqueue";
import { taskCounterCtes, timeLogCreatedEvent } from "./events";
import { resolveReferences } from "./references";
import { noticeCrossedBudgets } from "@/server/services/constellations/budgets";
import { mailNotices } from "@/server/operations/mail";
import { checkWeeks, findWeekLocks, refusingApprovalSql, weekLockedError } from "@/server/services/approvals/week-locks";
import { statementsTakeTurns } from "@/server/load/database-turns";
import type { DateString } from "@/lib/time-zone";
import { TIME_LOG_TRANSACTION } from "@/server/lib/transactions";

/**
 * Inserts one user's entries whose clientSessionId is not taken yet, with their references checked
 * and derived, and records their task counters and `time_log.created` events. Answers the inserted
 * rows; an entry without endedAt ends at startedAt + durationSeconds. An unknown reference is a 400
 * before anything is written; the writes (logs, counters, events, deliveries) are one statement, so
 * they happen together or not at all, in a transaction or not.
 */
export async function commitEntries(
  db: DbClient,
  organizationId: string,
  userId: string,
  entries: readonly SyncEntryInput[],
  fieldPrefix: (index: number) => string = () => "",
  /** Inserts nothing when an approval refuses any entry's week (the check repeated inside the statement). */
  weekGuard?: { actor: Pick<Actor, "organizationId" | "role">; weekStarts: readonly (DateString | null)[] },
): Promise<TimeLog[]> {
  if (!entries.length) return [];
  const references = await resolveReferences(db, organizationId, entries, fieldPrefix);
  const now = new Date();
  const logs: TimeLog[] = entries.map((entry, index) => ({
    id: newCuid(),
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
    notes: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    billedExternally: false,
  }));
  // Planned for every entry; the statement writes the events of the logs it inserted (events[i] is logs[i]'s).
  const planned = await planEvents(db, logs.map((log) => timeLogCreatedEvent(log, "offline_sync")));
  const entryRows = JSON.stringify(
    logs.map((log, position) => ({
      position,
      id: log.id,
      clientSessionId: log.clientSessionId,
      taskId: log.taskId,
      customerId: log.customerId,
      constellationId: log.constellationId,
      description: log.description,
      startedAt: log.startedAt,
      endedAt: log.endedAt,
      durationSeconds: log.durationSeconds,
      tags: log.tags,
      isBillable: log.isBillable,
      source: log.source,
      weekStart: weekGuard?.weekStarts[position] ?? null,
    })),
  );
  const refused = weekGuard
    ? Prisma.sql`WHERE NOT EXISTS (SELECT 1 FROM "entry" x WHERE ${refusingApprovalSql(weekGuard.actor, Prisma.sql`${userId}`, Prisma.sql`x."weekStart"`)})`
    : Prisma.empty;
  const written = await db.$queryRaw<{ id: string }[]>`
    WITH "entry" AS (
      SELECT e.* FROM jsonb_to_recordset(${entryRows}::jsonb) AS e(
        "position" int, "id" text, "clientSessionId" text, "taskId" text, "customerId" text, "constellationId" text, "description" text,
        "startedAt" timestamp(3), "endedAt" timestamp(3), "durationSeconds" int, "tags" text[], "isBillable" boolean, "source" text, "weekStart" date)
    ),
    "inserted" AS (
      INSERT INTO "TimeLog" ("id", "organizationId", "userId", "clientSessionId", "taskId", "customerId", "constellationId", "description",
        "startedAt", "endedAt", "durationSeconds", "tags", "isBillable", "source", "createdAt", "updatedAt")
      SELECT e."id", ${organizationId}, ${userId}, e."clientSessionId", e."taskId", e."customerId", e."constellationId", e."description",
        e."startedAt", e."endedAt", e."durationSeconds", e."tags", e."isBillable", e."source"::"TimeLogSource", ${sqlTimestamp(now)}, ${sqlTimestamp(now)}
      FROM "entry" e ${refused} ORDER BY e."position"
      ON CONFLICT DO NOTHING
      RETURNING "id", "taskId", "durationSeconds", "isBillable"
    ),
    "taskTotal" AS (
      SELECT "taskId", sum("durationSeconds")::int AS "logged", sum(CASE WHEN "isBillable" THEN "durationSeconds" ELSE 0 END)::int AS "billable"
      FROM "inserted" WHERE "taskId" IS NOT NULL GROUP BY "taskId"
    ),
    ${taskCounterCtes(organizationId, now)},
    ${eventWrites(planned, Prisma.sql`SELECT e."position" FROM "entry" e JOIN "inserted" i ON i."id" = e."id"`)}
    SELECT i."id", (SELECT count(*) FROM "wokenWorkers")::int AS "woken" FROM "inserted" i`;
  const inserted = new Set(written.map((row) => row.id));
  return logs.filter((log) => inserted.has(log.id));
}

/** Syncs per organization: one at a time (BOUNDS.organizationSyncs). */
const organizationSyncs = keyedConcurrencyLimit(BOUNDS.organizationSyncs, processState("organizationSyncs", () => new Map<string, ConcurrencyLimit>()));

export function syncTimeLogs(db: Db, actor: Actor, input: SyncTimeLogsInput): Promise<SyncResult> {
  return organizationSyncs.run(actor.organizationId, () => syncAlone(db, actor, input));
}

/** Budget notices the sync created are mailed once it committed. */
async function syncAlone(db: Db, actor: Actor, input: SyncTimeLogsInput): Promise<SyncResult> {
  const { result, notices } = statementsTakeTurns()
    ? await syncEntries(db, actor, input)
    : await db.$transaction((tx) => syncEntries(tx, actor, input), TIME_LOG_TRANSACTION);
  void mailNotices(db, notices);
  return result;
}

async function syncEntries(db: DbClient, actor: Actor, input: SyncTimeLogsInput): Promise<{ result: SyncResult; notices: string[] }> {
  const { organizationId, userId } = actor;
  const firstIndex = new Map<string, number>();
  input.entries.forEach((entry, index) => {
    if (!firstIndex.has(entry.clientSessionId)) firstIndex.set(entry.clientSessionId, index);
  });

  // A deleted log keeps its key: replaying its entry is still a duplicate, not a new log.
  const alreadyCommitted = await db.timeLog.findMany({
    where: { organizationId, userId, clientSessionId: { in: [...firstIndex.keys()] } },
    select: { clientSessionId: true },
  });
  const known = new Set(alreadyCommitted.map((log) => log.clientSessionId));
  // A replay is acknowledged even if its task was deleted since, so only new entries are checked.
  const candidates = [...firstIndex.entries()].filter(([clientSessionId]) => !known.has(clientSessionId)).map(([, index]) => index);
  // One new entry in a week that refuses it and nothing is written; the 409 names each such entry.
  const writes = candidates.map((index) => ({ userId, startedAt: input.entries[index]!.startedAt, field: `entries.${index}.startedAt` }));
  const { locks, weekStarts } = await checkWeeks(db, actor, writes);
  if (locks.length) throw weekLockedError(locks);
  const inserted = await commitEntries(
    db,
    organizationId,
    userId,
    candidates.map((index) => input.entries[index]!),
    (position) => `entries.${candidates[position]}.`,
    { actor, weekStarts },
  );
  if (inserted.length < candidates.length) {
    // Entries left out: replays committed meanwhile, or a week approved between the check and the insert.
    const late = await findWeekLocks(db, actor, writes);
    if (late.length) throw weekLockedError(late);
  }
  const notices = await noticeCrossedBudgets(db, organizationId, inserted);
  const insertedById = new Map(inserted.map((log) => [log.clientSessionId!, log]));

  const committed = input.entries.flatMap((entry, index) => {
    const log = firstIndex.get(entry.clientSessionId) === index ? insertedById.get(entry.clientSessionId) : undefined;
    return log ? [log] : [];
  });
  const duplicates = input.entries
    .filter((entry, index) => firstIndex.get(entry.clientSessionId) !== index || !insertedById.has(entry.clientSessionId))
    .map((entry) => entry.clientSessionId);
  return { result: { committed: committed.map(serializeTimeLog), duplicates }, notices };
}
