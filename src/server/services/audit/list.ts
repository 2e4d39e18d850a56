// Reading the audit log (app-api section 15): the organization's entries newest first, filtered by
// actor, action, target type and time, a keyset page at a time (the AuditEvent indexes lead with the
// organization and each filter, then (createdAt, id) descending); and the same filters as a CSV, read
// in keyset batches and refused past MAX_AUDIT_CSV_ROWS. Reading writes no entry; the CSV is an export
// and writes `data.exported`.
import type { Db, DbClient, Prisma } from "@/server/db";
import { validationError } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { toCsv, type CsvColumn } from "@/lib/csv";
import { AUDIT_ACTION_WORDS } from "@/lib/audit-actions";
import {
  auditEventSelect,
  serializeAuditEvent,
  type AuditEventFilters,
  type AuditEventView,
  type ListAuditEventsInput,
} from "@/server/contract/audit-event";
import type { FileView } from "@/server/contract/file";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";

/** Rows one CSV holds at most; a wider range is a 400 asking for a shorter one. */
export const MAX_AUDIT_CSV_ROWS = 10_000;
/** Rows the CSV reads per statement. */
const CSV_BATCH = 1_000;

function filtersWhere(organizationId: string, filters: AuditEventFilters): Prisma.AuditEventWhereInput {
  return {
    organizationId,
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.from || filters.to ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } } : {}),
  };
}

export async function listAuditEvents(db: DbClient, tenant: { organizationId: string }, input: ListAuditEventsInput): Promise<Page<AuditEventView>> {
  const where = filtersWhere(tenant.organizationId, input);
  const page = await paginate(
    { kind: "audit-events", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) => db.auditEvent.findMany({ where: { AND: [where, args.where] }, orderBy: args.orderBy, take: args.take, select: auditEventSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeAuditEvent), pagination: page.pagination };
}

const CSV_COLUMNS: CsvColumn<AuditEventView>[] = [
  { header: "time", value: (event) => event.createdAt },
  { header: "action", value: (event) => event.action },
  { header: "action_words", value: (event) => AUDIT_ACTION_WORDS[event.action] },
  { header: "actor_type", value: (event) => event.actor.type },
  { header: "actor_id", value: (event) => event.actor.id },
  { header: "actor_name", value: (event) => event.actor.name },
  { header: "target_type", value: (event) => event.target.type },
  { header: "target_id", value: (event) => event.target.id },
  { header: "target_label", value: (event) => event.target.label },
  { header: "ip", value: (event) => event.ip },
  { header: "user_agent", value: (event) => event.userAgent },
  { header: "metadata", value: (event) => JSON.stringify(event.metadata) },
  { header: "id", value: (event) => event.id },
];

/**
 * The filtered entries as CSV (the one formula guard of src/lib/csv.ts), newest first. The export's own
 * `data.exported` entry is written first, in the transaction that reads, so it is part of what it exports.
 */
export async function auditEventsCsv(db: Db, tenant: { organizationId: string }, filters: AuditEventFilters, audit: AuditContext): Promise<FileView> {
  const events = await db.$transaction(async (tx) => {
    await recordAudit(tx, audit, {
      action: "data.exported",
      target: { type: "audit_log", id: tenant.organizationId },
      metadata: { export: "audit_log", filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) },
    });
    const rows: AuditEventView[] = [];
    let cursor: string | undefined;
    // At most MAX_AUDIT_CSV_ROWS / CSV_BATCH + 1 statements.
    for (;;) {
      const page = await listAuditEvents(tx, tenant, { ...filters, limit: CSV_BATCH, cursor });
      rows.push(...page.items);
      if (rows.length > MAX_AUDIT_CSV_ROWS) throw validationError("from", `the audit log has more than ${MAX_AUDIT_CSV_ROWS.toLocaleString("en")} entries in this range; choose a shorter range or a filter`);
      if (!page.pagination.hasMore) return rows;
      cursor = page.pagination.cursor;
    }
  });
  return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, contentType: "text/csv; charset=utf-8", body: toCsv(CSV_COLUMNS, events) };
}
