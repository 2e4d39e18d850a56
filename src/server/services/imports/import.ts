// Imports time logs from a CSV (Toggl, Clockify, Harvest or Orbit's own export). Every row is read
// and checked first; any error and nothing is written. Customers, projects and tasks are matched by
// name (case-insensitively) and created when missing; a log goes to the member with the row's email,
// else to the importer. Each row gets a key derived from its content (the `clientSessionId` of the
// unique per-user key), so importing the same file again writes nothing new. Imported logs have
// source `imported` and emit no events.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient } from "@/server/db";
import { AppError, validationError } from "@/server/errors";
import { MAX_LOG_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from "@/server/lib/limits";
import { MAX_IMPORT_ROWS, type ImportError, type ImportInput, type ImportResult, type ImportSource } from "@/server/contract/import";
import type { Actor } from "@/server/services/auth/account";
import { adjustTaskSeconds } from "@/server/services/time-tracking/events";
import { holdInvoicing } from "@/server/services/time-tracking/editing";
import { FORMATS, readRow, type ImportedRow } from "@/server/services/imports/columns";

const WRITE_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

/**
 * Reads the CSV row by row from its stream, keeping of each row only its normalized form (or its
 * errors), so memory grows with the rows' content rather than the file's text; stops past the row limit.
 */
async function readRows(csv: Readable | string, source: ImportSource, timeZone: string): Promise<{ count: number; rows: ImportedRow[]; errors: ImportError[] }> {
  const file = typeof csv === "string" ? Readable.from([csv]) : csv;
  let header: string[] = [];
  const parser = parse({
    bom: true,
    columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
  });
  file.on("error", (error) => parser.destroy(error));
  file.pipe(parser);
  const rows: ImportedRow[] = [];
  const errors: ImportError[] = [];
  let count = 0;
  let lacksColumns = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: { [column: string]: string }; info: { lines: number } }>) {
      count += 1;
      if (count > MAX_IMPORT_ROWS) break;
      if (count === 1) {
        for (const column of FORMATS[source].required) if (!header.includes(column)) errors.push({ line: 1, field: column, message: `the ${source} file needs a "${column}" column` });
        lacksColumns = errors.length > 0;
      }
      if (lacksColumns) continue; // without its columns no row can be read
      const row = readRow(source, record, info.lines, timeZone, errors);
      if (row) {
        checkLengths(row, errors);
        rows.push(row);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validationError("file", `is not a readable CSV: ${(error as Error).message}`);
  } finally {
    file.destroy();
  }
  if (count > MAX_IMPORT_ROWS) throw validationError("file", `must have at most ${MAX_IMPORT_ROWS} rows`);
  return { count, rows, errors };
}

const key = (name: string) => name.trim().toLowerCase();

/** Lengths the app enforces on the same fields. */
function checkLengths(row: ImportedRow, errors: ImportError[]): void {
  const long = (field: string, value: string | null, max: number) => {
    if (value && value.length > max) errors.push({ line: row.line, field, message: `must be at most ${max} characters` });
  };
  long("customer", row.customer, MAX_NAME_LENGTH);
  long("project", row.project, MAX_NAME_LENGTH);
  long("task", row.task, MAX_NAME_LENGTH);
  long("description", row.description, MAX_LOG_DESCRIPTION_LENGTH);
  if (row.tags.length > MAX_TAGS || row.tags.some((tag) => tag.length > MAX_TAG_LENGTH)) errors.push({ line: row.line, field: "tags", message: `at most ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters` });
}

/** Existing rows of one named kind, by lowercased name, in one statement. */
async function existingByName(db: DbClient, table: "Customer" | "Constellation" | "Task", column: "name" | "title", organizationId: string, names: string[]): Promise<Map<string, string>> {
  if (!names.length) return new Map();
  const notDeleted = table === "Task" ? Prisma.sql`AND "deletedAt" IS NULL` : Prisma.empty;
  const rows = await db.$queryRaw<Array<{ id: string; name: string }>>`
    SELECT DISTINCT ON (lower(${Prisma.raw(`"${column}"`)})) "id", ${Prisma.raw(`"${column}"`)} AS "name"
    FROM ${Prisma.raw(`"${table}"`)} WHERE "organizationId" = ${organizationId} ${notDeleted} AND lower(${Prisma.raw(`"${column}"`)}) = ANY(${names}::text[])
    ORDER BY lower(${Prisma.raw(`"${column}"`)}), "createdAt", "id"`;
  return new Map(rows.map((row) => [key(row.name), row.id]));
}

/** The first row naming each missing value, in file order: what a new record is created from. */
function missing(rows: ImportedRow[], pick: (row: ImportedRow) => string | null, existing: Map<string, string>): Map<string, ImportedRow> {
  const firsts = new Map<string, ImportedRow>();
  for (const row of rows) {
    const name = pick(row);
    if (name && !existing.has(key(name)) && !firsts.has(key(name))) firsts.set(key(name), row);
  }
  return firsts;
}

/** A key per row from its content and its occurrence among identical rows, so two equal rows both import and a re-import matches them. */
function rowKeys(source: string, rows: ImportedRow[], userOf: (row: ImportedRow) => string): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const content = JSON.stringify([source, userOf(row), row.startedAt.toISOString(), row.durationSeconds, row.customer, row.project, row.task, row.description, row.tags, row.isBillable]);
    const occurrence = (seen.get(content) ?? 0) + 1;
    seen.set(content, occurrence);
    return `import:${createHash("sha256").update(`${content}#${occurrence}`).digest("hex").slice(0, 48)}`;
  });
}

export async function importTimeLogs(db: Db, actor: Actor, input: ImportInput): Promise<ImportResult> {
  const { organizationId } = actor;
  const importer = await db.user.findFirstOrThrow({ where: { id: actor.userId, organizationId }, select: { timeZone: true } });
  const { count, rows, errors } = await readRows(input.file, input.source, importer.timeZone);

  // Members by email: the row's member if they belong here; a member imports only their own time.
  const emails = [...new Set(rows.map((row) => row.email).filter((email): email is string => email !== null))];
  const users = emails.length ? await db.user.findMany({ where: { organizationId, email: { in: emails } }, select: { id: true, email: true } }) : [];
  const userByEmail = new Map(users.map((user) => [user.email, user.id]));
  const userOf = (row: ImportedRow) => (row.email && userByEmail.get(row.email)) || actor.userId;
  if (actor.role !== "admin") {
    for (const row of rows) if (userOf(row) !== actor.userId) errors.push({ line: row.line, field: "email", message: "you can import only your own time; ask an admin to import other members' time" });
  }

  const names = (pick: (row: ImportedRow) => string | null) => [...new Set(rows.map(pick).filter((name): name is string => name !== null).map(key))];
  const [customers, projects, tasks] = await Promise.all([
    existingByName(db, "Customer", "name", organizationId, names((row) => row.customer)),
    existingByName(db, "Constellation", "title", organizationId, names((row) => row.project)),
    existingByName(db, "Task", "title", organizationId, names((row) => row.task)),
  ]);
  const newCustomers = missing(rows, (row) => row.customer, customers);
  const newProjects = missing(rows, (row) => row.project, projects);
  const newTasks = missing(rows, (row) => row.task, tasks);

  const keys = rowKeys(input.source, rows, userOf);
  const userIds = [...new Set(rows.map(userOf))];
  const known = keys.length
    ? new Set((await db.$queryRaw<Array<{ key: string }>>`SELECT "clientSessionId" AS "key" FROM "TimeLog" WHERE "userId" = ANY(${userIds}::text[]) AND "clientSessionId" = ANY(${keys}::text[])`).map((row) => row.key))
    : new Set<string>();
  const fresh = rows.map((row, index) => ({ row, key: keys[index]! })).filter((entry) => !known.has(entry.key));

  const result: ImportResult = {
    rows: count,
    logs: fresh.length,
    customers: newCustomers.size,
    projects: newProjects.size,
    tasks: newTasks.size,
    members: new Set(fresh.map((entry) => userOf(entry.row))).size,
    skippedDuplicates: rows.length - fresh.length,
    errors: errors.sort((a, b) => a.line - b.line),
    isCommitted: false,
  };
  if (errors.length || !input.commit || !fresh.length) return result;

  await db.$transaction(async (tx) => {
    await holdInvoicing(tx, organizationId);
    const idOf = (kind: Map<string, string>, name: string | null) => (name ? kind.get(key(name)) ?? null : null);
    for (const created of await tx.customer.createManyAndReturn({ data: [...newCustomers.values()].map((row) => ({ organizationId, name: row.customer! })), select: { id: true, name: true } })) customers.set(key(created.name), created.id);
    for (const created of await tx.constellation.createManyAndReturn({
      data: [...newProjects.values()].map((row) => ({ organizationId, title: row.project!, customerId: idOf(customers, row.customer) })),
      select: { id: true, title: true },
    })) projects.set(key(created.title), created.id);
    for (const created of await tx.task.createManyAndReturn({
      data: [...newTasks.values()].map((row) => ({ organizationId, title: row.task!, customerId: idOf(customers, row.customer), primaryConstellationId: idOf(projects, row.project) })),
      select: { id: true, title: true },
    })) tasks.set(key(created.title), created.id);
    const logs = await tx.timeLog.createManyAndReturn({
      data: fresh.map(({ row, key: clientSessionId }) => ({
        organizationId,
        userId: userOf(row),
        customerId: idOf(customers, row.customer),
        constellationId: idOf(projects, row.project),
        taskId: idOf(tasks, row.task),
        description: row.description,
        startedAt: row.startedAt,
        endedAt: new Date(row.startedAt.getTime() + row.durationSeconds * 1000),
        durationSeconds: row.durationSeconds,
        tags: row.tags,
        isBillable: row.isBillable,
        source: "imported" as const,
        clientSessionId,
      })),
      skipDuplicates: true,
      select: { taskId: true, durationSeconds: true, isBillable: true },
    });
    await adjustTaskSeconds(tx, organizationId, logs);
  }, WRITE_TRANSACTION);
  return { ...result, isCommitted: true };
}
