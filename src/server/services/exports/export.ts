// The organization's data as a ZIP of UTF-8 CSVs (time-logs, tasks, customers, projects, invoices),
// streamed: each file is read in keyset batches of EXPORT_BATCH rows (by id, within the organization)
// only when the archive reaches it, so memory stays flat whatever the size. A member gets their own
// time logs and no invoices or billing rates.
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { ZipFile } from "yazl";
import type { Customer, Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { isBillingField, seesBilling } from "@/server/contract/customer";
import { formulaSafe } from "@/lib/csv";
import { EXPORTED_TIME_LOG_COLUMNS, tagsCell } from "@/lib/time-log-csv";
import type { Actor } from "@/server/services/auth/account";
import { seesEveryonesLogs, visibleLogsWhere } from "@/server/services/time-tracking/log-access";
import { getLogger } from "@/server/operations/logger";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";

export const EXPORT_BATCH = 1_000;


type Cell = string | number | boolean | null | undefined;

interface Sheet {
  name: string;
  header: readonly string[];
  /** The next batch after the row with this id (none: the first), as records. */
  batch: (afterId: string | undefined) => Promise<Array<{ id: string; record: Cell[] }>>;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? "";
const text = formulaSafe;

async function* records(sheet: Sheet): AsyncGenerator<Cell[]> {
  yield [...sheet.header];
  let afterId: string | undefined;
  for (;;) {
    const rows = await sheet.batch(afterId);
    for (const row of rows) yield row.record;
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

const exportedLogSelect = {
  id: true, description: true, startedAt: true, endedAt: true, durationSeconds: true, tags: true, isBillable: true, billedExternally: true, source: true,
  user: { select: { email: true, name: true } }, customer: { select: { name: true } }, constellation: { select: { title: true } }, task: { select: { title: true } },
} as const satisfies Prisma.TimeLogSelect;

/** Each cell of a time-logs.csv row, by its column. */
const TIME_LOG_CELLS: Record<(typeof EXPORTED_TIME_LOG_COLUMNS)[number], (log: Prisma.TimeLogGetPayload<{ select: typeof exportedLogSelect }>) => Cell> = {
  id: (log) => log.id,
  email: (log) => log.user.email,
  member: (log) => text(log.user.name),
  customer: (log) => text(log.customer?.name),
  project: (log) => text(log.constellation?.title),
  task: (log) => text(log.task?.title),
  description: (log) => text(log.description),
  startedAt: (log) => iso(log.startedAt),
  endedAt: (log) => iso(log.endedAt),
  durationSeconds: (log) => log.durationSeconds,
  tags: (log) => text(tagsCell(log.tags)),
  isBillable: (log) => log.isBillable,
  billedExternally: (log) => log.billedExternally,
  source: (log) => log.source,
};

/** The customers file's columns; a billing field's column only for those who see billing. */
const CUSTOMER_COLUMNS: Array<[header: string, value: (customer: Customer) => Cell]> = [
  ["id", (customer) => customer.id],
  ["name", (customer) => text(customer.name)],
  ["company", (customer) => text(customer.company)],
  ["archived", (customer) => customer.archived],
  ["currency", (customer) => customer.currency],
  ["hourlyRateCents", (customer) => customer.hourlyRateCents],
  ["fixedRateCents", (customer) => customer.fixedRateCents],
  ["billingType", (customer) => customer.billingType],
  ["taxRateBps", (customer) => customer.taxRateBps],
  ["roundingIncrementMinutes", (customer) => customer.roundingIncrementMinutes],
  ["roundingMode", (customer) => customer.roundingMode],
  ["createdAt", (customer) => iso(customer.createdAt)],
];

const page = (afterId: string | undefined) => ({ ...(afterId ? { cursor: { id: afterId }, skip: 1 } : {}), orderBy: { id: "asc" as const }, take: EXPORT_BATCH });

function sheetsFor(db: DbClient, actor: Actor): Sheet[] {
  const { organizationId } = actor;
  const showsBilling = seesBilling(actor.role);
  const customerColumns = CUSTOMER_COLUMNS.filter(([header]) => showsBilling || !isBillingField(header));
  const sheets: Sheet[] = [
    {
      name: "time-logs.csv",
      header: EXPORTED_TIME_LOG_COLUMNS,
      batch: async (afterId) =>
        (await db.timeLog.findMany({ where: visibleLogsWhere(actor), ...page(afterId), select: exportedLogSelect })).map((log) => ({
          id: log.id,
          record: EXPORTED_TIME_LOG_COLUMNS.map((column) => TIME_LOG_CELLS[column](log)),
        })),
    },
    {
      name: "tasks.csv",
      header: ["id", "title", "description", "status", "customer", "project", "tags", "createdAt"],
      batch: async (afterId) =>
        (
          await db.task.findMany({
            where: { organizationId, deletedAt: null },
            ...page(afterId),
            select: { id: true, title: true, description: true, status: true, tags: true, createdAt: true, customer: { select: { name: true } }, primaryConstellation: { select: { title: true } } },
          })
        ).map((task) => ({ id: task.id, record: [task.id, text(task.title), text(task.description), task.status, text(task.customer?.name), text(task.primaryConstellation?.title), text(tagsCell(task.tags)), iso(task.createdAt)] })),
    },
    {
      name: "customers.csv",
      header: customerColumns.map(([header]) => header),
      batch: async (afterId) =>
        (await db.customer.findMany({ where: { organizationId }, ...page(afterId) })).map((customer) => ({
          id: customer.id,
          record: customerColumns.map(([, value]) => value(customer)),
        })),
    },
    {
      name: "projects.csv",
      header: ["id", "name", "customer", "status", "archived", "createdAt"],
      batch: async (afterId) =>
        (await db.constellation.findMany({ where: { organizationId }, ...page(afterId), select: { id: true, title: true, status: true, archived: true, createdAt: true, customer: { select: { name: true } } } })).map((project) => ({
          id: project.id,
          record: [project.id, text(project.title), text(project.customer?.name), project.status, project.archived, iso(project.createdAt)],
        })),
    },
  ];
  if (showsBilling) {
    sheets.push({
      name: "invoices.csv",
      header: ["id", "number", "customer", "status", "currency", "subtotalCents", "taxCents", "totalCents", "periodStart", "periodEnd", "createdAt"],
      batch: async (afterId) =>
        (await db.invoice.findMany({ where: { organizationId }, ...page(afterId), include: { customer: { select: { name: true } } } })).map((invoice) => ({
          id: invoice.id,
          record: [invoice.id, invoice.number, text(invoice.customer.name), invoice.status, invoice.currency, invoice.subtotalCents, invoice.taxCents, invoice.totalCents, iso(invoice.periodStart), iso(invoice.periodEnd), iso(invoice.createdAt)],
        })),
    });
  }
  return sheets;
}

/** The archive as a byte stream; a file's rows are read only when the archive gets to it. */
export function exportArchive(db: DbClient, actor: Actor): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  for (const sheet of sheetsFor(db, actor)) {
    // A byte-order mark first, so spreadsheet programs read the files as UTF-8.
    const csv = stringify({ bom: true, cast: { boolean: (value) => String(value) } });
    // A failed read aborts the download rather than ending it with a silently short file.
    pipeline(Readable.from(records(sheet)), csv, (error) => {
      if (!error) return;
      getLogger().error({ err: error, organizationId: actor.organizationId, file: sheet.name }, "export failed");
      output.destroy(error);
    });
    zip.addReadStream(csv, sheet.name);
  }
  zip.end();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

/** The archive after its `data.exported` entry: a download is recorded when it starts (what it holds depends on the role). */
export async function startExport(db: DbClient, actor: Actor, audit: AuditContext): Promise<ReadableStream<Uint8Array>> {
  await recordAudit(db, audit, {
    action: "data.exported",
    target: { type: "organization", id: actor.organizationId },
    metadata: { export: "archive", scope: seesEveryonesLogs(actor) ? "organization" : "own time" },
  });
  return exportArchive(db, actor);
}
