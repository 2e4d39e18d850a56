"use client";
// Settings → Audit log (admins): who changed what, newest first, a page at a time; filtered by action,
// actor (a person, an API key or an app), target type and days (in the person's zone), the filters kept in the address so a view can
// be shared or reloaded; each entry's changed fields in words under Details; and the filtered entries
// as CSV through the in-app route (the export is itself recorded).
import { skipToken, useInfiniteQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Button, buttonClass, DateField, EmptyState, LocalTime, PagedQueryState, PageHeader, SelectField, Table } from "@/components/ui";
import { AdminOnly } from "@/components/ui/admin-only";
import { cn } from "@/components/ui/cn";
import { TOOLBAR } from "@/components/ui/styles";
import { useAccount } from "@/components/ui/use-account";
import { ActorPicker } from "@/components/pickers/pickers";
import { AUDIT_ACTION_WORDS, AUDIT_ACTIONS, AUDIT_ACTOR_TYPE_WORDS, AUDIT_TARGET_TYPE_WORDS, targetTypeInWords, type AuditAction } from "@/lib/audit-actions";
import { AUDIT_FILTER_NAMES, auditFiltersOf, auditListInput, type AuditFilters } from "./audit-log-query";
import { auditDetails } from "@/lib/audit-details";
import { describeDevice } from "@/lib/user-agent";
import { pagedByCursor } from "@/trpc/first-page";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { FileLink } from "@/components/ui/file-link";

type AuditEvent = RouterOutputs["audit"]["list"]["items"][number];

const ACTION_OPTIONS = [{ value: "", label: "All actions" }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_WORDS[action] })).sort((a, b) => a.label.localeCompare(b.label))];
const TARGET_OPTIONS = [{ value: "", label: "Everything" }, ...Object.entries(AUDIT_TARGET_TYPE_WORDS).map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label))];

export function AuditLogPage() {
  const account = useAccount();
  if (account.role !== "admin") return <AdminOnly title="Audit log" what="see the audit log" />;
  return <AuditLog timeZone={account.preferences.timeZone} />;
}

function AuditLog({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = auditFiltersOf(searchParams);
  const input = auditListInput(filters, timeZone);
  const isReversed = input === null;
  const list = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions(input ?? skipToken, pagedByCursor));
  const isFiltered = AUDIT_FILTER_NAMES.some((name) => filters[name] !== "");
  const { limit: _limit, ...csvFilters } = input ?? { limit: 0 };
  const csvUrl = `/api/app/audit-events?${new URLSearchParams({ ...csvFilters, format: "csv" })}`;

  function change(next: Partial<AuditFilters>) {
    const params = new URLSearchParams(searchParams);
    for (const [name, value] of Object.entries(next)) {
      if (value) params.set(name, value);
      else params.delete(name);
    }
    router.replace(`${pathname}${params.size ? `?${params}` : ""}`, { scroll: false });
  }

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what in this organization, from where, newest first. Entries cannot be edited or deleted and are kept for 365 days."
        actions={
          <FileLink className={buttonClass("secondary")} href={isReversed ? undefined : csvUrl} fallbackName="audit-log.csv">
            Export CSV
          </FileLink>
        }
      />
      <div className={TOOLBAR} role="search" aria-label="Audit log filters">
        <SelectField label="Action" value={filters.action} onChange={(event) => change({ action: event.target.value as AuditAction | "" })} options={ACTION_OPTIONS} />
        <ActorPicker value={filters.actorId || null} onChange={(actorId) => change({ actorId: actorId ?? "" })} />
        <SelectField label="Target" value={filters.targetType} onChange={(event) => change({ targetType: event.target.value })} options={TARGET_OPTIONS} />
        <DateField label="From" value={filters.from} onDayChange={(from) => change({ from })} />
        <DateField label="To" value={filters.to} onDayChange={(to) => change({ to })} error={isReversed ? "must not be before From" : undefined} />
        {isFiltered && (
          <Button variant="ghost" onClick={() => change({ action: "", actorId: "", targetType: "", from: "", to: "" })}>
            Clear filters
          </Button>
        )}
      </div>
      {isReversed ? (
        <EmptyState title="Choose a To day on or after the From day." />
      ) : (
        <PagedQueryState
          query={list}
          loadingLabel="Loading the audit log…"
          empty={
            isFiltered ? (
              <EmptyState title="No audit events match these filters.">Try another action, actor or period, or clear the filters.</EmptyState>
            ) : (
              <EmptyState title="No audit events yet.">Sign-ins, member and role changes, API keys, apps, webhooks, exports and invoices are recorded here as they happen.</EmptyState>
            )
          }
        >
          {(events) => (
            <Table caption="Audit log" columns={["What", "When", "Who", "Target", "Address", "Details"]}>
              <tbody>
                {events.map((event) => (
                  <AuditRow key={event.id} event={event} />
                ))}
              </tbody>
            </Table>
          )}
        </PagedQueryState>
      )}
    </>
  );
}

/** A value with its kind above it (a person, an API key) or a note under it; one block, so a phone's card keeps them together. */
function LabelledValue({ kind, value, note, mono }: { kind?: string | null; value: string; note?: string | null; mono?: boolean }) {
  return (
    <div className="min-w-0">
      {kind && <span className="block text-xs text-muted-foreground">{kind}</span>}
      <span className={cn("block break-words", mono && "font-mono text-[0.85rem]")}>{value}</span>
      {note && <span className="block text-xs text-muted-foreground">{note}</span>}
    </div>
  );
}

function AuditRow({ event }: { event: AuditEvent }) {
  const details = auditDetails(event.metadata);
  const device = event.userAgent ? describeDevice(event.userAgent) : null;
  return (
    <tr data-testid="audit-event">
      <td className="break-words">{AUDIT_ACTION_WORDS[event.action]}</td>
      <td data-label="When" className="whitespace-nowrap">
        <LocalTime value={event.createdAt} />
      </td>
      <td data-label="Who">
        <LabelledValue kind={event.actor.type === "system" ? null : AUDIT_ACTOR_TYPE_WORDS[event.actor.type]} value={event.actor.name} />
      </td>
      <td data-label="Target">
        <LabelledValue kind={targetTypeInWords(event.target.type)} value={event.target.label ?? "—"} />
      </td>
      <td data-label="Address">
        <LabelledValue value={event.ip ?? "—"} note={device} mono />
      </td>
      <td data-label="Details" className="sm:min-w-48">
        {details.length === 0 ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <details className="text-left">
            <summary className="cursor-pointer text-sm text-link">
              Details<span className="sr-only">: {AUDIT_ACTION_WORDS[event.action]}{event.target.label ? `, ${event.target.label}` : ""}</span>
            </summary>
            <dl className="mt-1.5 mb-0 grid gap-1 text-[0.85rem] [&_dd]:m-0 [&_dd]:wrap-anywhere [&_dt]:text-muted-foreground">
              {details.map((detail, index) => (
                <div key={`${detail.label}-${index}`}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </td>
    </tr>
  );
}
