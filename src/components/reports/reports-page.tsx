"use client";
// Reports: hours per customer and per project over a chosen range, billable against non-billable.
import { keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TOOLBAR } from "@/components/ui/styles";
import { Button, PageHeader, QueryState, TextField } from "@/components/ui";
import { formatHours } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";
import { useTRPC } from "@/trpc/react";
import { PRESETS, rangeInstants, thisMonth, type DayRange } from "@/lib/periods";
import { HoursBreakdown } from "./hours-breakdown";

/**
 * `initial`: this month's days and their instants as the server computed them in the browser's zone,
 * for the first render (the server render has no zone of its own to compute them in).
 */
export function ReportsPage({ initial }: { initial?: { range: DayRange; instants: DayRange } }) {
  const trpc = useTRPC();
  const isHydrated = useHydrated();
  const [range, setRange] = useState<DayRange>(() => initial?.range ?? thisMonth());
  const instants = !isHydrated && initial ? initial.instants : rangeInstants(range);
  const report = useQuery({ ...trpc.reports.hours.queryOptions(instants ?? skipToken), placeholderData: keepPreviousData });
  const setDay = (field: keyof DayRange) => (event: { target: { value: string } }) => setRange((current) => ({ ...current, [field]: event.target.value }));

  return (
    <>
      <PageHeader title="Reports" description="Where the time went: per customer and per project, billable against non-billable." />
      <div className={TOOLBAR} role="group" aria-label="Report range">
        <TextField label="From" type="date" value={range.from} onChange={setDay("from")} />
        <TextField label="To" type="date" value={range.to} onChange={setDay("to")} error={instants ? undefined : "must not be before From"} />
        <div className="flex gap-2 items-center flex-wrap">
          {PRESETS.map((preset) => (
            <Button key={preset.label} size="sm" variant="ghost" onClick={() => setRange(preset.range(new Date()))}>
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      {instants && (
        <QueryState query={report} loadingLabel="Adding up the hours…">
          {(data) => (
            <div aria-busy={report.isFetching}>
              <dl className="grid grid-cols-2 gap-3 my-5 max-[860px]:grid-cols-1 [&>div:first-child]:col-span-full [&>div]:bg-background [&>div]:rounded-lg [&>div]:px-3 [&>div]:py-2.5 [&_dt]:text-xs [&_dt]:uppercase [&_dt]:tracking-[0.05em] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere" aria-label="Totals">
                <div>
                  <dt>Total hours</dt>
                  <dd data-testid="report-total">{formatHours(data.totals.billableSeconds + data.totals.nonBillableSeconds)}</dd>
                </div>
                <div>
                  <dt>Billable</dt>
                  <dd data-testid="report-billable">{formatHours(data.totals.billableSeconds)}</dd>
                </div>
                <div>
                  <dt>Non-billable</dt>
                  <dd data-testid="report-non-billable">{formatHours(data.totals.nonBillableSeconds)}</dd>
                </div>
              </dl>
              {data.scope === "self" && <p className="text-muted-foreground text-sm">Your own time; admins see the whole organization.</p>}
              <HoursBreakdown title="Hours per customer" noneLabel="No customer" rows={data.customers} other={data.otherCustomers} />
              <HoursBreakdown title="Hours per project" noneLabel="No project" rows={data.projects} other={data.otherProjects} />
            </div>
          )}
        </QueryState>
      )}
    </>
  );
}
