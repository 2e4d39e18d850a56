"use client";
// The Time logs page: one week (Monday to Sunday, in the browser's zone) with totals per day and for
// the week, filters (customer, project, billable, and member for admins), the logs page by page, and
// Export CSV of everything the filters select in that week.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { TOOLBAR } from "@/components/ui/styles";
import { CustomerPicker, MemberPicker, ProjectPicker } from "@/components/pickers/pickers";
import { useIsAdmin } from "@/components/ui/use-account";
import type { AppTimeLog } from "@/components/ui/time-log-table";
import { TimeLogList } from "./entry-actions";
import { CalendarWeek } from "./calendar-week";
import { Timesheet } from "./timesheet";
import { ViewTabs, viewFromParam, type View } from "./view-tabs";
import { Button, EmptyState, ErrorState, FormError, LoadingState, PageHeader, SelectField, Table } from "@/components/ui";
import { csvBlob } from "@/lib/csv";
import { formatDate, formatDuration, formatHours, formatWeekday } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";
import { addDays, toDateParam, weekBounds, weekFromParam } from "@/lib/week";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { timeLogsCsv } from "./time-log-csv";
import { saveFile } from "@/components/ui/save-file";


interface Filters {
  customerId?: string;
  constellationId?: string;
  isBillable?: boolean;
  userId?: string;
}

/** The week as the server computed it in the browser's zone, for the first render. */
export interface ServerWeek {
  dayStarts: string[];
  end: string;
}

export function TimeLogsPage({ serverWeek }: { serverWeek?: ServerWeek }) {
  const isHydrated = useHydrated();
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const isAdmin = useIsAdmin();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [exportError, setExportError] = useState<DisplayError | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  // The week lives in the address (?week=YYYY-MM-DD), so back, forward and links keep it.
  const weekParam = searchParams.get("week");
  // Before hydration the server's week (when it knew the zone) lets the logs render; totals and labels,
  // formatted in the browser's zone, wait for the browser.
  const bounds = useMemo(
    () => (isHydrated ? weekBounds(weekFromParam(weekParam)) : serverWeek ? { dayStarts: serverWeek.dayStarts.map((day) => new Date(day)), end: new Date(serverWeek.end) } : null),
    [isHydrated, weekParam, serverWeek],
  );
  const range = bounds ? { from: bounds.dayStarts[0]!.toISOString(), to: bounds.end.toISOString() } : { from: "", to: "" };
  const listInput = { ...range, ...filters, limit: PAGE_SIZE.timeLogs };

  const summary = useQuery({ ...trpc.timeLogs.summarize.queryOptions({ dayStarts: bounds?.dayStarts.map((day) => day.toISOString()) ?? [""], end: range.to, ...filters }), enabled: bounds !== null });
  const logs = useInfiniteQuery({
    ...trpc.timeLogs.listWithNames.infiniteQueryOptions(listInput, pagedByCursor),
    enabled: bounds !== null,
  });
  const items = logs.data?.pages.flatMap((page) => page.items) ?? [];

  // The view lives in the address too (?view=list|timesheet|calendar).
  const view = viewFromParam(searchParams.get("view"));
  function replaceParams(change: (params: URLSearchParams) => void) {
    const params = new URLSearchParams(searchParams);
    change(params);
    router.replace(`${pathname}${params.size ? `?${params}` : ""}`, { scroll: false });
  }
  const goToWeek = (days: number | null) =>
    replaceParams((params) => (days === null || !bounds ? params.delete("week") : params.set("week", toDateParam(addDays(bounds.dayStarts[0]!, days)))));
  const setView = (next: View) => replaceParams((params) => (next === "list" ? params.delete("view") : params.set("view", next)));

  async function exportCsv() {
    if (!bounds) return;
    setIsExporting(true);
    setExportError(null);
    try {
      // Every page of the filtered week, walked with the keyset cursor (the week bounds the walk).
      const all: AppTimeLog[] = [];
      let cursor: string | undefined;
      do {
        const page = await queryClient.fetchQuery(trpc.timeLogs.listWithNames.queryOptions({ ...listInput, cursor }));
        all.push(...page.items);
        cursor = page.pagination.hasMore ? page.pagination.cursor : undefined;
      } while (cursor);
      saveFile(`orbit-time-logs-${toDateParam(bounds.dayStarts[0]!)}.csv`, csvBlob(timeLogsCsv(all)));
    } catch (caught) {
      setExportError(describeError(caught));
    } finally {
      setIsExporting(false);
    }
  }

  const weekLabel = bounds && isHydrated ? `${formatDate(bounds.dayStarts[0]!)} – ${formatDate(bounds.dayStarts[6]!)}` : "";

  return (
    <>
      <PageHeader
        title="Time logs"
        description={isAdmin ? "Everyone's time, week by week." : "Your time, week by week."}
        actions={
          <Button onClick={exportCsv} isPending={isExporting} disabled={!bounds}>
            Export CSV
          </Button>
        }
      />
      <FormError error={exportError} />
      <div className="flex items-center gap-2.5 flex-wrap mb-3.5" role="group" aria-label="Week">
        <Button size="sm" onClick={() => goToWeek(-7)} aria-label="Previous week">
          ← Previous week
        </Button>
        <h2 className="m-0 text-base min-w-[14em] text-center max-md:min-w-0 max-md:flex-[1_1_100%] max-md:-order-1 max-md:text-left" data-testid="week-label">
          {weekLabel}
        </h2>
        <Button size="sm" onClick={() => goToWeek(7)} aria-label="Next week">
          Next week →
        </Button>
        {weekParam && (
          <Button size="sm" variant="ghost" onClick={() => goToWeek(null)}>
            This week
          </Button>
        )}
      </div>
      <div className={TOOLBAR} role="group" aria-label="Filters">
        <CustomerPicker label="Customer" noneLabel="All customers" value={filters.customerId ?? null} onChange={(customerId) => setFilters((current) => ({ ...current, customerId: customerId ?? undefined }))} />
        <ProjectPicker label="Project" noneLabel="All projects" value={filters.constellationId ?? null} onChange={(constellationId) => setFilters((current) => ({ ...current, constellationId: constellationId ?? undefined }))} />
        <SelectField
          label="Billable"
          value={filters.isBillable === undefined ? "all" : String(filters.isBillable)}
          onChange={(event) => setFilters((current) => ({ ...current, isBillable: event.target.value === "all" ? undefined : event.target.value === "true" }))}
          options={[
            { value: "all", label: "Billable and not" },
            { value: "true", label: "Billable only" },
            { value: "false", label: "Non-billable only" },
          ]}
        />
        {isAdmin && <MemberPicker label="Member" noneLabel="Everyone" value={filters.userId ?? null} onChange={(userId) => setFilters((current) => ({ ...current, userId: userId ?? undefined }))} />}
      </div>

      <ViewTabs view={view} onChange={setView}>
        {view === "timesheet" ? (
          bounds ? <Timesheet key={toDateParam(bounds.dayStarts[0]!)} week={toDateParam(bounds.dayStarts[0]!)} userId={filters.userId} /> : <LoadingState label="Loading the timesheet…" />
        ) : view === "calendar" ? (
          logs.isPending || !bounds ? (
            <LoadingState label="Loading time logs…" />
          ) : logs.error && !logs.data ? (
            <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
          ) : (
            <CalendarWeek logs={items} bounds={bounds} />
          )
        ) : (
          <>
      <section aria-label="Totals">
        {summary.isPending || !bounds || !isHydrated ? (
          <LoadingState label="Adding up the week…" />
        ) : summary.error || !summary.data ? (
          <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
        ) : (
          <Table caption="Hours per day" className="[&_td]:text-right [&_th]:text-right! max-md:[&_thead]:hidden max-md:[&_tbody_tr]:grid max-md:[&_tbody_tr]:grid-cols-2 max-md:[&_td]:flex max-md:[&_td]:justify-between max-md:[&_td]:gap-2 max-md:[&_td]:border-b! max-md:[&_td]:before:text-[0.85rem] max-md:[&_td]:before:text-muted-foreground max-md:[&_td]:before:content-[attr(data-label)]" stacked={false}>
            <thead>
              <tr>
                {bounds.dayStarts.map((day) => (
                  <th key={day.toISOString()} scope="col" className="text-right tabular-nums whitespace-nowrap">
                    {formatWeekday(day)}
                  </th>
                ))}
                <th scope="col" className="text-right tabular-nums whitespace-nowrap">
                  Week
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                {summary.data.days.map((day) => (
                  <td key={day.start} className="text-right tabular-nums whitespace-nowrap" data-testid="day-total" data-label={formatWeekday(day.start)}>
                    {formatDuration(day.seconds)}
                  </td>
                ))}
                <td className="text-right tabular-nums whitespace-nowrap font-bold bg-primary-soft" data-testid="week-total" data-label="Week" title={`${formatHours(summary.data.totalSeconds)} hours`}>
                  {formatDuration(summary.data.totalSeconds)}
                </td>
              </tr>
            </tbody>
          </Table>
        )}
      </section>

      <section className="mt-7" aria-labelledby="logs-heading">
        <h2 id="logs-heading" className="sr-only">
          Logs of the week
        </h2>
        {logs.isPending || !bounds ? (
          <LoadingState label="Loading time logs…" />
        ) : logs.error && !logs.data ? (
          <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No time logs this week.">Try another week or fewer filters.</EmptyState>
        ) : (
          <>
            <TimeLogList logs={items} caption="Time logs of the week" showDate showMember={isAdmin} />
            {logs.hasNextPage && (
              <div className="flex justify-center mt-3.5">
                <Button onClick={() => void logs.fetchNextPage()} isPending={logs.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </section>
          </>
        )}
      </ViewTabs>
    </>
  );
}
