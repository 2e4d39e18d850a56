// Imports time logs from a CSV (Toggl, Clockify, Harvest or Orbit's own export), app-api sections 12
// and 17. The file is read row by row, as many times as needed and never held whole:
//   1. with dateFormat `auto`, until a date that reads one way only decides the format (dates.ts);
//   2. checking every row: its problems, whose time it is (people.ts), whether it was imported before,
//      the names it would create; a preview ends here;
//   3. a commit with every person matched or mapped, and no row error (or `skipInvalid`), reads it
//      again and writes it in bounded batches (write.ts): in one transaction on PostgreSQL; on the
//      embedded database statement by statement, each a turn on its one connection, and taken back
//      if any fails.
// Customers, projects and tasks are matched by name (case-insensitively) and created when missing. Each
// row gets a key derived from its content (the `clientSessionId` of the unique per-user key), so
// importing the same file again writes nothing new. Imported logs have source `imported` and emit no
// events. A row with a date and hours but no time is placed in its day (placement.ts).
import { createHash } from "node:crypto";
import type { Db, DbClient } from "@/server/db";
import { validationError } from "@/server/errors";
import { MAX_LOG_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from "@/lib/limits";
import { IMPORT_TRANSACTION } from "@/server/lib/transactions";
import type { ImportError, ImportInput, ImportResult, ImportSource, ReadDateFormat } from "@/server/contract/import";
import type { Actor } from "@/server/services/auth/account";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { holdInvoicing } from "@/server/services/time-tracking/editing";
import { labelDescription, lastEndsOfDays, placeInDay, type ZonedDay } from "@/server/services/time-tracking/placement";
import { BOUNDS } from "@/server/load/bounds";
import { keyedConcurrencyLimit, type ConcurrencyLimit } from "@/server/load/concurrency";
import { statementsTakeTurns } from "@/server/load/database-turns";
import { processState } from "@/server/process-state";
import { getLogger } from "@/server/operations/logger";
import { collectingAfter } from "@/server/operations/memory";
import { dateCell, missingColumns, personOf, readRow, type RowFields } from "./columns";
import { DATE_FORMAT_LABELS, DateFormatFinder, LocalTimes, readDate } from "./dates";
import { People, personLabel, type Person } from "./people";
import { holdRows, readCsv, releaseRows } from "./records";
import { noticeCrossedBudgets } from "@/server/services/constellations/budgets";
import { mailNotices } from "@/server/operations/mail";
import { checkWeeks, weekLockedError, type WeekLock } from "@/server/services/approvals/week-locks";
import { existingByName, finishImport, ImportNames, insertLogs, newImportId, startImport, takeBackImport, type RowToWrite, type Written } from "./write";

/** Rows read, checked and written together: the most an import holds in memory at once. */
export const IMPORT_BATCH_ROWS = 500;
/**
 * Rows per insert on the embedded database, where each statement is a turn on its one connection and
 * another organization's statement waits for the one running (about 0.2 ms a row there, with the log's
 * nine indexes): a batch is split to keep each turn short. On PostgreSQL a batch is one statement.
 */
const ROWS_PER_TURN = 100;
/** Names looked up per statement when a preview counts what it would create. */
const NAMES_PER_STATEMENT = 1_000;

interface ImportContext {
  db: Db;
  actor: Actor;
  source: ImportSource;
  file: ImportInput["file"];
  dateFormat: ReadDateFormat | null;
  /** The file's times, read in the import's zone. */
  times: LocalTimes;
  /** A zone's days, for date-only rows: each placed at 09:00 or after the day's entries in its member's own zone (app-api section 17). */
  daysIn: (timeZone: string) => LocalTimes;
  people: People;
  audit: AuditContext;
  /** Rows with errors are left out rather than stopping the import. */
  skipInvalid: boolean;
}

/** A checked row: whose it is, when, and its key; a row of a person matched to no one has no member yet. */
interface ReadyRow extends Omit<RowToWrite, "userId" | "key" | "startedAt"> {
  userId: string | null;
  key: string | null;
  /** Null for a row with a date and hours but no time, until it is placed in `day`. */
  startedAt: Date | null;
  day: ZonedDay | null;
  /** Where the row is in the file, and the column its start is read from, for a row error. */
  line: number;
  whenColumn: string;
}

/** What reading the whole file found, beside its ready rows. */
interface Reading {
  rows: number;
  errors: ImportError[];
  invalidRows: number;
  skippedPeopleRows: number;
}

const newReading = (): Reading => ({ rows: 0, errors: [], invalidRows: 0, skippedPeopleRows: 0 });

const SKIPPED = Symbol("skipped");

/** The column that names a row's person, for a member's import naming someone else. */
const personColumn = (source: ImportSource, fields: RowFields) => (fields.person.email ? "email" : { toggl: "user", clockify: "user", harvest: "first name", orbit: "member" }[source]);

/** Lengths the app enforces on the same fields; PostgreSQL stores no NUL character. */
function checkText(fields: RowFields, errors: ImportError[]): void {
  const check = (field: string, value: string | null, max: number) => {
    if (value && value.length > max) errors.push({ line: fields.line, field, message: `must be at most ${max} characters` });
    else if (value?.includes("\u0000")) errors.push({ line: fields.line, field, message: "contains a NUL character" });
  };
  check("customer", fields.customer, MAX_NAME_LENGTH);
  check("project", fields.project, MAX_NAME_LENGTH);
  check("task", fields.task, MAX_NAME_LENGTH);
  check("description", fields.description, MAX_LOG_DESCRIPTION_LENGTH);
  if (fields.tags.length > MAX_TAGS || fields.tags.some((tag) => tag.length > MAX_TAG_LENGTH || tag.includes("\u0000"))) {
    errors.push({ line: fields.line, field: "tags", message: `at most ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters` });
  }
}

/**
 * A key per row from its content and its occurrence among identical rows, so two equal rows both
 * import and a re-import matches them. `seen` counts occurrences by a digest of the content.
 */
function rowKey(source: ImportSource, userId: string, when: string, fields: RowFields, seen: Map<string, number>): string {
  const content = JSON.stringify([source, userId, when, fields.durationSeconds, fields.customer, fields.project, fields.task, fields.description, fields.tags, fields.isBillable]);
  const digest = createHash("sha256").update(content).digest("base64");
  const occurrence = (seen.get(digest) ?? 0) + 1;
  seen.set(digest, occurrence);
  return `import:${createHash("sha256").update(`${content}#${occurrence}`).digest("hex").slice(0, 48)}`;
}

/** One record as a ready row, SKIPPED (its person is skipped), or null with its problems in `errors`. */
function readyRow(context: ImportContext, record: { cells: Record<string, string>; line: number; ordinal: number }, header: ReadonlySet<string>, errors: ImportError[], seen: Map<string, number>): ReadyRow | typeof SKIPPED | null {
  const person: Person = context.people.of(personOf(context.source, record.cells));
  // A skipped person's rows are left out whatever they hold.
  if (person.isSkipped) return SKIPPED;
  const before = errors.length;
  const fields = readRow(context.source, record.cells, record.line, header, errors);
  if (!fields) return null;
  let startedAt: Date | null = null;
  let day: ZonedDay | null = null;
  let when: string;
  if ("instant" in fields.time) {
    startedAt = fields.time.instant;
    when = startedAt.toISOString();
  } else {
    const format = context.dateFormat!;
    const date = readDate(fields.time.date, format);
    if (!date) {
      errors.push({ line: fields.line, field: fields.time.dateColumn, message: `is not a date written ${DATE_FORMAT_LABELS[format]}, the way this file's dates are read` });
      return null;
    }
    // A date-only row's key holds its date: where it lands in the day depends on what is there already.
    when = date;
    if (fields.time.secondsOfDay !== null) startedAt = context.times.instant(date, fields.time.secondsOfDay);
    else day = context.daysIn((person.memberId && context.people.timeZoneOf(person.memberId)) || context.times.timeZone).day(date);
  }
  checkText(fields, errors);
  if (person.isOthers) {
    errors.push({ line: fields.line, field: personColumn(context.source, fields), message: "names another member: you can import only your own time; ask an admin to import other members' time" });
  }
  if (errors.length > before) return null;
  return {
    ordinal: record.ordinal,
    line: fields.line,
    whenColumn: "dateColumn" in fields.time ? fields.time.dateColumn : "startedAt",
    userId: person.memberId,
    key: person.memberId ? rowKey(context.source, person.memberId, when, fields, seen) : null,
    customer: fields.customer,
    project: fields.project,
    task: fields.task,
    // A row with no words and no time of its own is described by its label (task, else customer).
    description: fields.description ?? (day ? labelDescription({ task: fields.task, customer: fields.customer, project: fields.project }) : null),
    startedAt,
    day,
    durationSeconds: fields.durationSeconds,
    tags: fields.tags,
    isBillable: fields.isBillable,
    billedExternally: fields.billedExternally,
  };
}

/**
 * The file's rows that can be imported, in batches of IMPORT_BATCH_ROWS in file order; everything else
 * is tallied in `reading`. A batch counts as held in memory until the consumer asks for the next one.
 */
async function* readyBatches(context: ImportContext, reading: Reading): AsyncGenerator<ReadyRow[]> {
  const csv = readCsv(context.file);
  const seen = new Map<string, number>();
  let batch: ReadyRow[] = [];
  let lacksColumns: boolean | null = null;
  const checkColumns = () => {
    const missing = missingColumns(context.source, csv.header());
    reading.errors.push(...missing);
    return missing.length > 0;
  };
  try {
    for await (const record of csv.records) {
      lacksColumns ??= checkColumns();
      reading.rows += 1;
      if (lacksColumns) continue; // without its columns no row can be read
      const row = readyRow(context, { ...record, ordinal: reading.rows }, csv.header(), reading.errors, seen);
      if (row === SKIPPED) reading.skippedPeopleRows += 1;
      else if (!row) reading.invalidRows += 1;
      else {
        batch.push(row);
        holdRows(1);
        if (batch.length >= IMPORT_BATCH_ROWS) {
          yield batch;
          releaseRows(batch.length);
          batch = [];
        }
      }
    }
    lacksColumns ??= checkColumns();
    if (batch.length) {
      yield batch;
      releaseRows(batch.length);
      batch = [];
    }
  } finally {
    releaseRows(batch.length);
  }
}

/**
 * The file's date format: the one chosen, or with `auto` the first date that reads one way only,
 * reading no further than that date. Dates that all read two ways → 400 on `dateFormat`.
 */
async function chooseDateFormat(input: ImportInput): Promise<ReadDateFormat | null> {
  if (input.source === "orbit") return null;
  if (input.dateFormat !== "auto") return input.dateFormat;
  const finder = new DateFormatFinder();
  for await (const record of readCsv(input.file).records) {
    const cell = dateCell(input.source, record.cells);
    if (cell && finder.see(cell, record.line)) break;
  }
  const settled = finder.settle();
  if ("format" in settled) return settled.format;
  const { value, line } = settled.ambiguous;
  throw validationError(
    "dateFormat",
    `the file's dates read two ways (${value} on line ${line} is ${DATE_FORMAT_LABELS.dmy} or ${DATE_FORMAT_LABELS.mdy}): choose the date format the file is written in`,
  );
}

/** Of `rows`, the (user, key) pairs imported before, in one statement served by the unique (user, key) index. */
async function importedBefore(db: DbClient, rows: readonly ReadyRow[]): Promise<Set<string>> {
  const keyed = rows.filter((row) => row.userId && row.key);
  if (!keyed.length) return new Set();
  const found = await db.$queryRaw<Array<{ userId: string; key: string }>>`
    SELECT "userId", "clientSessionId" AS "key" FROM "TimeLog"
    WHERE ("userId", "clientSessionId") IN (SELECT * FROM unnest(${keyed.map((row) => row.userId!)}::text[], ${keyed.map((row) => row.key!)}::text[]))`;
  return new Set(found.map((row) => `${row.userId}|${row.key}`));
}

const isImportedBefore = (known: Set<string>, row: ReadyRow) => known.has(`${row.userId}|${row.key}`);

/**
 * Of rows to write (each with its member), those whose week refuses them (approvals, week-locks.ts):
 * the approved weeks, and for a member's import their submitted ones. A date-only row belongs to the
 * week of its day.
 */
async function weekLockedRows(db: DbClient, actor: Actor, rows: readonly ReadyRow[]): Promise<Map<ReadyRow, WeekLock>> {
  const { locks, weekStarts } = await checkWeeks(db, actor, rows.map((row) => ({ userId: row.userId!, startedAt: row.startedAt ?? row.day!.start, field: row.whenColumn })));
  rows.forEach((row, index) => (row.weekStart = weekStarts[index]));
  return new Map(locks.map((lock) => [rows[lock.index]!, lock]));
}

/** How many of the names (lowercased) no row of the organization has yet, a bounded statement at a time. */
async function countMissing(db: DbClient, table: "Customer" | "Constellation" | "Task", organizationId: string, keys: Set<string>): Promise<number> {
  const all = [...keys];
  let existing = 0;
  for (let first = 0; first < all.length; first += NAMES_PER_STATEMENT) existing += (await existingByName(db, table, organizationId, all.slice(first, first + NAMES_PER_STATEMENT))).size;
  return all.length - existing;
}

type Check = Omit<ImportResult, "isCommitted" | "dateFormat" | "timeZone">;

/** Reads and checks every row, writing nothing: what a preview answers and a commit first needs. */
async function checkFile(context: ImportContext): Promise<Check> {
  const reading = newReading();
  const counts = { logs: 0, skippedDuplicates: 0, unmatchedRows: 0, billedExternally: 0 };
  const members = new Set<string>();
  const names = { customers: new Set<string>(), projects: new Set<string>(), tasks: new Set<string>() };
  const addNames = (row: ReadyRow) => {
    if (row.customer) names.customers.add(row.customer.trim().toLowerCase());
    if (row.project) names.projects.add(row.project.trim().toLowerCase());
    if (row.task) names.tasks.add(row.task.trim().toLowerCase());
  };
  for await (const batch of readyBatches(context, reading)) {
    const known = await importedBefore(context.db, batch);
    const locked = await weekLockedRows(context.db, context.actor, batch.filter((row) => row.userId && !isImportedBefore(known, row)));
    for (const row of batch) {
      if (!row.userId) counts.unmatchedRows += 1;
      else if (isImportedBefore(known, row)) {
        counts.skippedDuplicates += 1;
        continue;
      } else if (locked.has(row)) {
        reading.errors.push({ line: row.line, field: row.whenColumn, message: locked.get(row)!.message });
        reading.invalidRows += 1;
        continue;
      } else {
        counts.logs += 1;
        members.add(row.userId);
        if (row.billedExternally) counts.billedExternally += 1;
      }
      addNames(row);
    }
  }
  const { organizationId } = context.actor;
  return {
    rows: reading.rows,
    ...counts,
    customers: await countMissing(context.db, "Customer", organizationId, names.customers),
    projects: await countMissing(context.db, "Constellation", organizationId, names.projects),
    tasks: await countMissing(context.db, "Task", organizationId, names.tasks),
    members: members.size,
    invalidRows: reading.invalidRows,
    skippedPeopleRows: reading.skippedPeopleRows,
    people: context.people.list(),
    errors: reading.errors.sort((a, b) => a.line - b.line),
  };
}

/**
 * Reads the file again and writes it batch by batch on `db` (a transaction on PostgreSQL): names first,
 * then date-only rows placed after what their person's day already holds (the batches before included),
 * then the logs, a bounded statement at a time; the tasks' counters and the import's end last.
 */
async function writeFile(context: ImportContext, db: DbClient, importId: string): Promise<Written> {
  const { organizationId } = context.actor;
  const names = new ImportNames(organizationId, importId);
  const written: Written = { logs: 0, billedExternally: 0, members: new Set(), customers: 0, projects: 0, tasks: 0, taskSeconds: new Map(), budgetLogs: new Map(), budgetNotices: [] };
  const perStatement = statementsTakeTurns() ? ROWS_PER_TURN : IMPORT_BATCH_ROWS;
  for await (const batch of readyBatches(context, newReading())) {
    // Rows imported before are left out (the insert's unique key would too): a date-only row is placed
    // after what its day holds, not after them, and an old row in a week approved since is no error.
    const known = await importedBefore(db, batch);
    const unwritten = batch.filter((row) => row.userId && !isImportedBefore(known, row));
    // Checked again here, holding the members' rows (on PostgreSQL until the import commits): a week
    // approved since the check refuses its rows, left out when invalid rows are skipped, else a 409.
    const locked = await weekLockedRows(db, context.actor, unwritten);
    if (locked.size && !context.skipInvalid) throw weekLockedError([...locked.values()]);
    const fresh = unwritten.filter((row) => !locked.has(row));
    const dateOnly = fresh.filter((row) => row.day);
    if (dateOnly.length) {
      const lastEndOf = await lastEndsOfDays(db, organizationId, dateOnly.map((row) => ({ userId: row.userId!, day: row.day! })));
      const dayEnds = new Map<string, Date>();
      for (const row of dateOnly) {
        const dayKey = `${row.userId}|${row.day!.start.getTime()}`;
        row.startedAt = placeInDay(row.day!, dayEnds.get(dayKey) ?? lastEndOf(row.userId!, row.day!), row.durationSeconds);
        dayEnds.set(dayKey, new Date(row.startedAt.getTime() + row.durationSeconds * 1000));
      }
    }
    const rows = fresh as RowToWrite[];
    const created = await names.ensure(db, rows);
    written.customers += created.customers;
    written.projects += created.projects;
    written.tasks += created.tasks;
    for (let first = 0; first < rows.length; first += perStatement) await insertLogs(db, organizationId, importId, names, rows.slice(first, first + perStatement), written, context.actor);
    for (const row of rows) {
      const constellationId = names.projectId(row.project);
      if (constellationId) written.budgetLogs.set(`${constellationId}|${row.startedAt.toISOString().slice(0, 7)}`, { constellationId, startedAt: row.startedAt });
    }
  }
  written.budgetNotices = await noticeCrossedBudgets(db, organizationId, [...written.budgetLogs.values()]);
  await finishImport(db, organizationId, importId, written);
  // The last statement of the write: on the embedded database a failure before it takes the import back with no entry.
  await recordAudit(db, context.audit, {
    action: "data.imported",
    target: { type: "time_log_import", id: importId, label: context.source },
    metadata: { source: context.source, logs: written.logs, customers: written.customers, projects: written.projects, tasks: written.tasks, members: written.members.size },
  });
  return written;
}

// The process's imports running, so that one left `writing` by a process that died is told from one
// still running (the embedded database has one process).
const runningImports = processState("runningImports", () => new Set<string>());

/** An organization's imports, one at a time (BOUNDS.organizationImports). */
const organizationImports = keyedConcurrencyLimit(BOUNDS.organizationImports, processState("organizationImports", () => new Map<string, ConcurrencyLimit>()));

/** Takes back the organization's imports left `writing` by a process that stopped halfway (the embedded database). */
async function takeBackInterrupted(db: Db, organizationId: string): Promise<void> {
  const left = await db.timeLogImport.findMany({ where: { organizationId, status: "writing" }, select: { id: true } });
  for (const { id } of left) if (!runningImports.has(id)) await takeBackImport(db, organizationId, id);
}

/** Writes the checked file: one transaction on PostgreSQL; statement by statement on the embedded database, taken back on failure. */
async function commitFile(context: ImportContext, rows: number): Promise<Written> {
  const { db, actor } = context;
  const importRow = { id: newImportId(), organizationId: actor.organizationId, userId: actor.userId, source: context.source, rows };
  if (!statementsTakeTurns()) {
    return db.$transaction(async (tx) => {
      await holdInvoicing(tx, actor.organizationId);
      await startImport(tx, importRow);
      return writeFile(context, tx, importRow.id);
    }, IMPORT_TRANSACTION);
  }
  runningImports.add(importRow.id);
  try {
    await startImport(db, importRow);
    return await writeFile(context, db, importRow.id);
  } catch (error) {
    await takeBackImport(db, actor.organizationId, importRow.id).catch((cause: unknown) => getLogger().error({ err: cause, importId: importRow.id }, "import could not be taken back; the next import of the organization will"));
    throw error;
  } finally {
    runningImports.delete(importRow.id);
  }
}

export function importTimeLogs(db: Db, actor: Actor, input: ImportInput, audit: AuditContext): Promise<ImportResult> {
  return collectingAfter(() => organizationImports.run(actor.organizationId, () => importAlone(db, actor, input, audit)));
}

async function importAlone(db: Db, actor: Actor, input: ImportInput, audit: AuditContext): Promise<ImportResult> {
  const { organizationId } = actor;
  const importer = await db.user.findFirstOrThrow({ where: { id: actor.userId, organizationId }, select: { timeZone: true } });
  const timeZone = input.timeZone ?? importer.timeZone;
  await takeBackInterrupted(db, organizationId);
  const dateFormat = await chooseDateFormat(input);
  const zones = new Map<string, LocalTimes>();
  const daysIn = (zone: string) => zones.get(zone) ?? zones.set(zone, new LocalTimes(zone)).get(zone)!;
  const context = (people: People): ImportContext => ({ db, actor, source: input.source, file: input.file, dateFormat, times: daysIn(timeZone), daysIn, people, audit, skipInvalid: input.skipInvalid ?? false });
  const started = performance.now();
  const check = await checkFile(context(await People.load(db, actor, input.people)));
  const checkedMs = Math.round(performance.now() - started);
  const result: ImportResult = { ...check, dateFormat, timeZone, isCommitted: false };
  if (!input.commit) return result;

  const unmatched = check.people.filter((person) => person.memberId === null && !person.isSkipped);
  if (unmatched.length) {
    throw validationError("people", `choose a member, or skip, for each person of the file matched to no member: ${unmatched.map(personLabel).join(", ")}`);
  }
  const hasFileProblem = check.errors.some((error) => error.line === 1);
  if ((check.errors.length && !input.skipInvalid) || hasFileProblem || check.logs === 0) return result;

  const written = await commitFile(context(await People.load(db, actor, input.people)), check.rows);
  void mailNotices(db, written.budgetNotices);
  getLogger().info({ organizationId, source: input.source, rows: check.rows, logs: written.logs, checkMs: checkedMs, writeMs: Math.round(performance.now() - started) - checkedMs }, "import committed");
  return {
    ...result,
    logs: written.logs,
    members: written.members.size,
    customers: written.customers,
    projects: written.projects,
    tasks: written.tasks,
    billedExternally: written.billedExternally,
    skippedDuplicates: check.skippedDuplicates + (check.logs - written.logs),
    isCommitted: true,
  };
}
