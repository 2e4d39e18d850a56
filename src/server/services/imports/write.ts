// Writing a checked import, batch by batch. Every statement is bounded (a batch of rows, a batch's new
// names); the caller runs them in one transaction on PostgreSQL, or one by one on the embedded database,
// where each statement is a turn on its one connection and a transaction would hold it throughout
// (other organizations' statements waited for the whole import). There an import that fails is taken
// back: its logs' ids are the import's id and the rows' positions (`importedLogId`), and the import's
// row lists the customers, projects and tasks it created, each noted in the statement that created it.
import { randomInt } from "node:crypto";
import { Prisma, type DbClient } from "@/server/db";
import { newCuid } from "@/server/lib/ids";
import { sqlTimestamp } from "@/server/lib/sql";
import type { ImportSource } from "@/server/contract/import";
import { taskCounterCtes } from "@/server/services/time-tracking/events";
import { getLogger } from "@/server/operations/logger";
import type { Actor } from "@/server/services/auth/account";
import { refusingApprovalSql } from "@/server/services/approvals/week-locks";

/** A row ready to be written: its member, start and key decided, names not yet ids. */
export interface RowToWrite {
  ordinal: number;
  userId: string;
  key: string;
  customer: string | null;
  project: string | null;
  task: string | null;
  description: string | null;
  startedAt: Date;
  durationSeconds: number;
  tags: string[];
  isBillable: boolean;
  billedExternally: boolean;
  /** The first day of the row's week for its member (approvals), when checked. */
  weekStart?: string | null;
}

/** What the written batches add up to. */
export interface Written {
  logs: number;
  billedExternally: number;
  members: Set<string>;
  customers: number;
  projects: number;
  tasks: number;
  /** Per task: seconds logged and billable, added to the task's counters when the import is done. */
  taskSeconds: Map<string, { logged: number; billable: number }>;
  /** One log per project and month written to, for the budget check once every row is in. */
  budgetLogs: Map<string, { constellationId: string; startedAt: Date }>;
  /** The budget notices the import created, mailed once it has committed. */
  budgetNotices: string[];
}

const BASE36_BLOCK = 36 ** 8;
/** Digits of a row's position in an imported log's id: 36^6 is far past the row limit. */
const ORDINAL_DIGITS = 6;

/** A new import's id: `c`, the time and random base-36 digits (18 characters), so its logs' ids have a cuid's shape and length. */
export function newImportId(): string {
  return `c${Date.now().toString(36).padStart(9, "0")}${randomInt(BASE36_BLOCK).toString(36).padStart(8, "0")}`;
}

/** The id of the log an import writes for the row at `ordinal` (1 for the first data row). */
export const importedLogId = (importId: string, ordinal: number) => `${importId}${ordinal.toString(36).padStart(ORDINAL_DIGITS, "0")}`;

const nameKey = (name: string) => name.trim().toLowerCase();

/** How each named kind is created: its name column, its parents' columns, and the import's list of those it created. */
const CREATED_COLUMNS = {
  Customer: { nameColumn: '"name"', parentColumns: "", createdColumn: '"createdCustomerIds"' },
  Constellation: { nameColumn: '"title"', parentColumns: ', "customerId"', createdColumn: '"createdProjectIds"' },
  Task: { nameColumn: '"title"', parentColumns: ', "customerId", "primaryConstellationId"', createdColumn: '"createdTaskIds"' },
} as const;

/** Ids of the customers, projects and tasks an import's rows name, found or created batch by batch. */
export class ImportNames {
  readonly customers = new Map<string, string>();
  readonly projects = new Map<string, string>();
  readonly tasks = new Map<string, string>();

  constructor(
    private readonly organizationId: string,
    private readonly importId: string,
  ) {}

  customerId = (name: string | null) => (name ? (this.customers.get(nameKey(name)) ?? null) : null);
  projectId = (name: string | null) => (name ? (this.projects.get(nameKey(name)) ?? null) : null);
  taskId = (name: string | null) => (name ? (this.tasks.get(nameKey(name)) ?? null) : null);

  /**
   * Makes every name of `rows` known: existing ones by name (case-insensitively, the oldest of a name),
   * the others created, a project with the customer of the first row naming it, a task with its customer
   * and project. Answers how many of each were created.
   */
  async ensure(db: DbClient, rows: readonly RowToWrite[]): Promise<{ customers: number; projects: number; tasks: number }> {
    const customers = await this.#ensure(db, "Customer", this.customers, rows, (row) => row.customer, () => Prisma.empty);
    const projects = await this.#ensure(db, "Constellation", this.projects, rows, (row) => row.project, (row) => Prisma.sql`, ${this.customerId(row.customer)}`);
    const tasks = await this.#ensure(db, "Task", this.tasks, rows, (row) => row.task, (row) => Prisma.sql`, ${this.customerId(row.customer)}, ${this.projectId(row.project)}`);
    return { customers, projects, tasks };
  }

  async #ensure(
    db: DbClient,
    table: "Customer" | "Constellation" | "Task",
    known: Map<string, string>,
    rows: readonly RowToWrite[],
    pick: (row: RowToWrite) => string | null,
    parents: (row: RowToWrite) => Prisma.Sql,
  ): Promise<number> {
    const firsts = new Map<string, RowToWrite>();
    for (const row of rows) {
      const name = pick(row);
      if (name && !known.has(nameKey(name)) && !firsts.has(nameKey(name))) firsts.set(nameKey(name), row);
    }
    if (!firsts.size) return 0;
    for (const [key, id] of await existingByName(db, table, this.organizationId, [...firsts.keys()])) {
      known.set(key, id);
      firsts.delete(key);
    }
    if (!firsts.size) return 0;
    const { nameColumn, parentColumns, createdColumn } = CREATED_COLUMNS[table];
    const now = sqlTimestamp(Date.now());
    const values = Prisma.join([...firsts.values()].map((row) => Prisma.sql`(${newCuid()}, ${this.organizationId}, ${pick(row)!}${parents(row)}, ${now}, ${now})`));
    // The import's row notes what it created in the same statement, so a failure can never leave an unlisted one.
    const created = await db.$queryRaw<Array<{ id: string; name: string }>>`
      WITH "created" AS (
        INSERT INTO ${Prisma.raw(`"${table}"`)} ("id", "organizationId", ${Prisma.raw(nameColumn)}${Prisma.raw(parentColumns)}, "createdAt", "updatedAt")
        VALUES ${values}
        RETURNING "id", ${Prisma.raw(nameColumn)} AS "name"
      ),
      "noted" AS (
        UPDATE "TimeLogImport" SET ${Prisma.raw(createdColumn)} = ${Prisma.raw(createdColumn)} || ARRAY(SELECT "id" FROM "created")
        WHERE "id" = ${this.importId}
        RETURNING "id"
      )
      SELECT "id", "name" FROM "created"`;
    for (const row of created) known.set(nameKey(row.name), row.id);
    return created.length;
  }
}

/** Existing rows of one named kind, by lowercased name (the oldest of a name), in one statement. */
export async function existingByName(db: DbClient, table: "Customer" | "Constellation" | "Task", organizationId: string, keys: string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const column = Prisma.raw(table === "Customer" ? '"name"' : '"title"');
  const notDeleted = table === "Task" ? Prisma.sql`AND "deletedAt" IS NULL` : Prisma.empty;
  const rows = await db.$queryRaw<Array<{ id: string; key: string }>>`
    SELECT DISTINCT ON (lower(${column})) "id", lower(${column}) AS "key"
    FROM ${Prisma.raw(`"${table}"`)} WHERE "organizationId" = ${organizationId} ${notDeleted} AND lower(${column}) = ANY(${keys}::text[])
    ORDER BY lower(${column}), "createdAt", "id"`;
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** Inserts one statement's rows (a repeated key, imported before, is left alone) and adds what it wrote to `written`. */
/**
 * Inserts a batch of logs; with `actor`, a row whose week an approval refuses (week-locks.ts) is left
 * out by the statement itself, which is what keeps the check race-free on the embedded database.
 */
export async function insertLogs(db: DbClient, organizationId: string, importId: string, names: ImportNames, rows: readonly RowToWrite[], written: Written, actor?: Pick<Actor, "organizationId" | "role">): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      id: importedLogId(importId, row.ordinal),
      userId: row.userId,
      key: row.key,
      taskId: names.taskId(row.task),
      customerId: names.customerId(row.customer),
      constellationId: names.projectId(row.project),
      description: row.description,
      startedAt: row.startedAt.toISOString(),
      durationSeconds: row.durationSeconds,
      tags: row.tags,
      isBillable: row.isBillable,
      billedExternally: row.billedExternally,
      weekStart: row.weekStart ?? null,
    })),
  );
  const now = sqlTimestamp(Date.now());
  const refused = actor ? Prisma.sql`WHERE NOT ${refusingApprovalSql(actor, Prisma.sql`r."userId"`, Prisma.sql`r."weekStart"`)}` : Prisma.empty;
  const totals = await db.$queryRaw<Array<{ taskId: string | null; logs: number; logged: number; billable: number; billedExternally: number; users: string[] }>>`
    WITH "row" AS (
      SELECT r.* FROM jsonb_to_recordset(${json}::jsonb) AS r(
        "id" text, "userId" text, "key" text, "taskId" text, "customerId" text, "constellationId" text, "description" text,
        "startedAt" timestamp(3), "durationSeconds" int, "tags" text[], "isBillable" boolean, "billedExternally" boolean, "weekStart" date)
    ),
    "inserted" AS (
      INSERT INTO "TimeLog" ("id", "organizationId", "userId", "clientSessionId", "taskId", "customerId", "constellationId", "description",
        "startedAt", "endedAt", "durationSeconds", "tags", "isBillable", "billedExternally", "source", "createdAt", "updatedAt")
      SELECT r."id", ${organizationId}, r."userId", r."key", r."taskId", r."customerId", r."constellationId", r."description",
        r."startedAt", r."startedAt" + r."durationSeconds" * interval '1 second', r."durationSeconds", r."tags", r."isBillable", r."billedExternally",
        'imported'::"TimeLogSource", ${now}, ${now}
      FROM "row" r ${refused}
      ON CONFLICT DO NOTHING
      RETURNING "userId", "taskId", "durationSeconds", "isBillable", "billedExternally"
    )
    SELECT "taskId", count(*)::int AS "logs", sum("durationSeconds")::int AS "logged",
      coalesce(sum(CASE WHEN "isBillable" THEN "durationSeconds" END), 0)::int AS "billable",
      (count(*) FILTER (WHERE "billedExternally"))::int AS "billedExternally", array_agg(DISTINCT "userId") AS "users"
    FROM "inserted" GROUP BY "taskId"`;
  for (const total of totals) {
    written.logs += total.logs;
    written.billedExternally += total.billedExternally;
    for (const user of total.users) written.members.add(user);
    if (!total.taskId) continue;
    const seconds = written.taskSeconds.get(total.taskId) ?? { logged: 0, billable: 0 };
    seconds.logged += total.logged;
    seconds.billable += total.billable;
    written.taskSeconds.set(total.taskId, seconds);
  }
}

/** Starts the import's row: `writing` until `finishImport` (in the same transaction on PostgreSQL). */
export async function startImport(db: DbClient, importRow: { id: string; organizationId: string; userId: string; source: ImportSource; rows: number }): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "TimeLogImport" ("id", "organizationId", "userId", "source", "status", "rows", "createdAt")
    VALUES (${importRow.id}, ${importRow.organizationId}, ${importRow.userId}, ${importRow.source}, 'writing', ${importRow.rows}, ${sqlTimestamp(Date.now())})`;
}

/** The tasks' counters and the import's `done`, in one statement: together, or neither. */
export async function finishImport(db: DbClient, organizationId: string, importId: string, written: Written): Promise<void> {
  const changed = [...written.taskSeconds.entries()];
  const now = new Date();
  await db.$queryRaw`
    WITH "taskTotal" AS (
      SELECT * FROM unnest(${changed.map(([taskId]) => taskId)}::text[], ${changed.map(([, total]) => total.logged)}::int[], ${changed.map(([, total]) => total.billable)}::int[])
        AS v("taskId", "logged", "billable")
    ),
    ${taskCounterCtes(organizationId, now)},
    "finished" AS (
      UPDATE "TimeLogImport" SET "status" = 'done', "logs" = ${written.logs}, "finishedAt" = ${sqlTimestamp(now)}
      WHERE "id" = ${importId} AND "organizationId" = ${organizationId}
      RETURNING "id"
    )
    SELECT (SELECT count(*) FROM "countedTask")::int AS "tasks", (SELECT count(*) FROM "finished")::int AS "finished"`;
}

/** Ids of one statement's worth of rows, when an import is taken back. */
const TAKE_BACK_BATCH = 200;

/**
 * Removes what an import that did not finish wrote (the embedded database, where its statements
 * committed one by one): its logs (those billed meanwhile by an invoice stay, as an invoice's lines
 * must), then the tasks, projects and customers it created, then its row. Each statement is bounded.
 */
export async function takeBackImport(db: DbClient, organizationId: string, importId: string): Promise<void> {
  const row = await db.timeLogImport.findFirst({ where: { id: importId, organizationId }, select: { rows: true, createdCustomerIds: true, createdProjectIds: true, createdTaskIds: true } });
  if (!row) return;
  for (let first = 1; first <= row.rows; first += TAKE_BACK_BATCH) {
    const ids = Array.from({ length: Math.min(TAKE_BACK_BATCH, row.rows - first + 1) }, (_, index) => importedLogId(importId, first + index));
    await db.$executeRaw`
      DELETE FROM "TimeLog" t WHERE t."organizationId" = ${organizationId} AND t."id" = ANY(${ids}::text[])
        AND NOT EXISTS (SELECT 1 FROM "InvoiceLine" l WHERE l."timeLogId" = t."id")`;
  }
  const remove = async (table: "Task" | "Constellation" | "Customer", ids: string[]) => {
    for (let first = 0; first < ids.length; first += TAKE_BACK_BATCH) {
      const batch = ids.slice(first, first + TAKE_BACK_BATCH);
      await db.$executeRaw`DELETE FROM ${Prisma.raw(`"${table}"`)} WHERE "organizationId" = ${organizationId} AND "id" = ANY(${batch}::text[])`;
    }
  };
  await remove("Task", row.createdTaskIds);
  await remove("Constellation", row.createdProjectIds);
  await remove("Customer", row.createdCustomerIds);
  await db.timeLogImport.deleteMany({ where: { id: importId, organizationId } });
  getLogger().warn({ importId, organizationId }, "import taken back");
}
