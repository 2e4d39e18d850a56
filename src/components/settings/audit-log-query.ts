// The audit log's filters as Settings → Audit log holds them: in the address (so a filtered view can be
// shared and reloaded) and as the list's input, the days taken in the person's zone. The page's server
// render and its client component build the same input, so the first page is in the first render.
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPE_WORDS, type AuditAction } from "@/lib/audit-actions";
import { addDays, isDateString, startOfZonedDay } from "@/lib/time-zone";
import { PAGE_SIZE } from "@/trpc/first-page";

/** An action code, a member's id, a target type, two days (`YYYY-MM-DD`); "" is no filter. */
export interface AuditFilters {
  action: AuditAction | "";
  actorId: string;
  targetType: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_NAMES = ["action", "actorId", "targetType", "from", "to"] as const;

/** What the address says; a value not among the filters' choices (an unknown action, a day that is not one) is ignored. */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const action = params.get("action") ?? "";
  const targetType = params.get("targetType") ?? "";
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isDateString(value) ? value : "";
  };
  return {
    action: (AUDIT_ACTIONS as string[]).includes(action) ? (action as AuditAction) : "",
    actorId: params.get("actorId") ?? "",
    targetType: Object.hasOwn(AUDIT_TARGET_TYPE_WORDS, targetType) ? targetType : "",
    from: day("from"),
    to: day("to"),
  };
}

/** The list's input: the days as instants in the zone, To through the end of its day; null when To is before From. */
export function auditListInput(filters: AuditFilters, timeZone: string) {
  if (filters.from && filters.to && filters.to < filters.from) return null;
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.targetType ? { targetType: filters.targetType } : {}),
    ...(filters.from ? { from: startOfZonedDay(filters.from, timeZone).toISOString() } : {}),
    ...(filters.to ? { to: startOfZonedDay(addDays(filters.to, 1), timeZone).toISOString() } : {}),
    limit: PAGE_SIZE.auditEvents,
  };
}
