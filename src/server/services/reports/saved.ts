// Saved reports and their share URLs. A saved report belongs to its user; a share URL
// (`<origin>/r/<token>`) opens it read-only without a session, as of the moment it is opened, in the
// owner's time zone and with the owner's view (a member's own time only; amounts only if the owner
// is an admin and chose to show them). Only the token's SHA-256 is stored.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { generateUrlToken, hashUrlToken, URL_TOKEN_PATTERN } from "@/server/lib/url-token";
import {
  serializeSavedReport,
  storedQueryOf,
  storedQuerySchema,
  type CreateSavedReportInput,
  type ListSavedReportsInput,
  type SavedReportView,
  type SharedReportView,
  type StoredReportQuery,
} from "@/server/contract/saved-report";
import type { FileView } from "@/server/contract/file";
import type { ReportDimension, ReportLogView, TimeReportInput } from "@/server/contract/time-report";
import type { Actor } from "@/server/services/auth/account";
import { logOwnerFor, requestedLogOwner } from "@/server/services/time-tracking/log-access";
import { seesBilling } from "@/server/contract/customer";
import { resolveRelativeRange } from "@/lib/report-ranges";
import { timeReport, timeReportFile, type ReportViewer } from "@/server/services/reports/time";
import { timeReportLogPage } from "@/server/services/reports/logs";

const savedReportSelect = { id: true, name: true, query: true, showAmounts: true, shareTokenHash: true, createdAt: true } as const;

/** Only the caller's own saved reports, in their organization. */
const owned = (actor: Actor, id: string) => ({ id, organizationId: actor.organizationId, userId: actor.userId });

export async function createSavedReport(db: DbClient, actor: Actor, input: CreateSavedReportInput): Promise<SavedReportView> {
  requestedLogOwner(actor, input.query.userId); // a member saving another's time → 403
  const row = await db.savedReport.create({
    data: { organizationId: actor.organizationId, userId: actor.userId, name: input.name, query: storedQueryOf(input.query), showAmounts: input.showAmounts ?? false },
    select: savedReportSelect,
  });
  return serializeSavedReport(row);
}

export async function listSavedReports(db: DbClient, actor: Actor, input: ListSavedReportsInput): Promise<Page<SavedReportView>> {
  const page = await paginate(
    { kind: "saved-reports", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) => db.savedReport.findMany({ where: { organizationId: actor.organizationId, userId: actor.userId, AND: [args.where] }, orderBy: args.orderBy, take: args.take, select: savedReportSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeSavedReport), pagination: page.pagination };
}

export async function deleteSavedReport(db: DbClient, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  const { count } = await db.savedReport.deleteMany({ where: owned(actor, id) });
  if (!count) throw notFound("Saved report");
  return { success: true, id };
}

export function sharedReportUrl(origin: string, token: string): string {
  return `${origin}/r/${token}`;
}

/** A new share URL; one made before stops working. */
export async function shareSavedReport(db: DbClient, actor: Actor, id: string, origin: string): Promise<{ url: string }> {
  const token = generateUrlToken();
  const { count } = await db.savedReport.updateMany({ where: owned(actor, id), data: { shareTokenHash: hashUrlToken(token), sharedAt: new Date() } });
  if (!count) throw notFound("Saved report");
  return { url: sharedReportUrl(origin, token) };
}

export async function unshareSavedReport(db: DbClient, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  const { count } = await db.savedReport.updateMany({ where: owned(actor, id), data: { shareTokenHash: null, sharedAt: null } });
  if (!count) throw notFound("Saved report");
  return { success: true, id };
}

/** The time report's input for a stored query at `now` (a relative range resolved in `timeZone`). */
function reportInputOf(query: StoredReportQuery, viewer: ReportViewer, now: Date): TimeReportInput {
  const { range, groupBy, ...filters } = query;
  const { from, to } = typeof range === "string" ? resolveRelativeRange(range, now, viewer.timeZone, viewer.weekStart) : { from: new Date(range.from), to: new Date(range.to) };
  return { ...filters, from, to, groupBy: groupBy as ReportDimension[] };
}

interface SharedReport {
  name: string;
  viewer: ReportViewer;
  input: TimeReportInput;
}

/** The report behind a share token, seen as its owner sees it now; null for an unknown or revoked token or a deactivated owner. */
async function sharedReportOf(db: DbClient, token: string, now: Date): Promise<SharedReport | null> {
  if (!URL_TOKEN_PATTERN.test(token)) return null;
  const saved = await db.savedReport.findUnique({
    where: { shareTokenHash: hashUrlToken(token) },
    select: { name: true, query: true, showAmounts: true, organizationId: true, user: { select: { id: true, organizationId: true, role: true, timeZone: true, weekStart: true, timeFormat: true, durationFormat: true, deactivatedAt: true } } },
  });
  if (!saved || saved.user.organizationId !== saved.organizationId || saved.user.deactivatedAt) return null;
  const query = storedQuerySchema.parse(saved.query);
  const viewer: ReportViewer = {
    organizationId: saved.organizationId,
    userId: logOwnerFor({ userId: saved.user.id, role: saved.user.role }, query.userId),
    timeZone: saved.user.timeZone,
    weekStart: saved.user.weekStart,
    timeFormat: saved.user.timeFormat,
    durationFormat: saved.user.durationFormat,
    showAmounts: seesBilling(saved.user.role) && saved.showAmounts,
    // Costs are the organization's own figures: never on a page anyone with the link can open.
    showCosts: false,
  };
  return { name: saved.name, viewer, input: reportInputOf(query, viewer, now) };
}

export async function openSharedReport(db: DbClient, token: string, now = new Date()): Promise<SharedReportView | null> {
  const shared = await sharedReportOf(db, token, now);
  if (!shared) return null;
  const { viewer } = shared;
  return { name: shared.name, report: await timeReport(db, viewer, shared.input), display: { timeFormat: viewer.timeFormat, durationFormat: viewer.durationFormat } };
}

export async function openSharedReportCsv(db: DbClient, token: string, now = new Date()): Promise<FileView | null> {
  const shared = await sharedReportOf(db, token, now);
  return shared && timeReportFile(db, shared.viewer, { ...shared.input, format: "csv" });
}

/** A page of the shared report's logs (its detail), oldest first. */
export async function openSharedReportLogs(db: DbClient, token: string, page: { limit: number; cursor?: string }, now = new Date()): Promise<Page<ReportLogView> | null> {
  const shared = await sharedReportOf(db, token, now);
  if (!shared) return null;
  const { groupBy: _groupBy, ...filters } = shared.input;
  return timeReportLogPage(db, shared.viewer, { ...filters, ...page });
}
