"use client";
// A time report as the server computed it: the totals (hours, billable and billed hours, amounts and
// their tax per currency), a chart of the first grouping stacked by billable, and the groups (and
// their subgroups) as a table. Durations in the person's format (the owner's on a shared page).
// Shared by the Reports page and the public page of a shared report; it computes no money itself.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Fragment } from "react";
import { EmptyState, NumberCell, Table } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { durationUnit, formatDuration } from "@/lib/time-format";
import { formatAmount, formatMoney } from "@/lib/money";
import type { ReportAmount, ReportGroup, TimeReport } from "@/server/contract/time-report";
import { DIMENSION_LABELS, groupLabel } from "./report-query";

/** Chart bars past this many are summed into "All others" (the table still lists every group). */
const MAX_BARS = 12;

/** The chart plots hours; its axis and tooltip show them in the person's duration format. */
const hours = (seconds: number) => seconds / 3600;
const hoursText = (value: number) => formatDuration(Math.round(value * 3600));

/** Amounts per currency, one a line: before tax, or (`part="tax"`) their tax. */
function Amounts({ amounts, part = "amount" }: { amounts: ReportAmount[]; part?: "amount" | "tax" }) {
  if (amounts.length === 0) return <>—</>;
  return (
    <>
      {amounts.map((amount, index) => (
        <Fragment key={amount.currency}>
          {index > 0 && <br />}
          {formatMoney(part === "tax" ? amount.taxCents : amount.amountCents, amount.currency)}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A project's budget in its current period: "€1,200.00 of €5,000.00 this month, €3,800.00 left". A
 * money budget is in the customer's currency, the one its amounts are in (a plain number without any).
 */
function budgetText(budget: NonNullable<ReportGroup["budget"]>, amounts: ReportAmount[]): string {
  const currency = amounts.length === 1 ? amounts[0]!.currency : null;
  const show = (value: number) => (budget.kind === "hours" ? `${value} h` : formatAmount(value, currency));
  const period = budget.period === "monthly" ? "this month" : "in total";
  return `${show(budget.spent)} of ${show(budget.value)} ${period}, ${show(Math.abs(budget.remaining))} ${budget.remaining < 0 ? "over" : "left"}`;
}

/** Totals as a list of labelled figures. */
function Totals({ report, showAmounts }: { report: TimeReport; showAmounts: boolean }) {
  const { totals } = report;
  return (
    <dl
      className="my-5 grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3 max-sm:grid-cols-2 [&>div]:rounded-lg [&>div]:border [&>div]:border-border [&>div]:bg-surface [&>div]:px-3 [&>div]:py-2.5 [&_dd]:m-0 [&_dd]:mt-0.5 [&_dd]:text-lg [&_dd]:font-semibold [&_dd]:tabular-nums [&_dd]:wrap-anywhere [&_dt]:text-xs [&_dt]:tracking-[0.05em] [&_dt]:text-muted-foreground [&_dt]:uppercase"
      aria-label="Totals"
    >
      <div>
        <dt>Total hours</dt>
        <dd data-testid="report-total">{formatDuration(totals.seconds)}</dd>
      </div>
      <div>
        <dt>Billable hours</dt>
        <dd data-testid="report-billable">{formatDuration(totals.billableSeconds)}</dd>
      </div>
      <div>
        <dt>Billed hours</dt>
        <dd data-testid="report-billed">{formatDuration(totals.billedSeconds)}</dd>
      </div>
      <div>
        <dt>Non-billable hours</dt>
        <dd data-testid="report-non-billable">{formatDuration(totals.seconds - totals.billableSeconds)}</dd>
      </div>
      {showAmounts && (
        <>
          <div>
            <dt>Amount (before tax)</dt>
            <dd data-testid="report-amounts">
              <Amounts amounts={totals.amounts} />
            </dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd data-testid="report-tax">
              <Amounts amounts={totals.amounts} part="tax" />
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** Billable against non-billable hours per group of the first grouping, as stacked bars. */
function ReportChart({ report }: { report: TimeReport }) {
  const dimension = report.groupBy[0]!;
  const shown = report.groups.slice(0, MAX_BARS);
  const rest = report.groups.slice(MAX_BARS);
  const rows = shown.map((group) => ({ label: groupLabel(dimension, group.label), seconds: group.seconds, billableSeconds: group.billableSeconds }));
  if (rest.length > 0) rows.push({ label: "All others", seconds: rest.reduce((sum, group) => sum + group.seconds, 0), billableSeconds: rest.reduce((sum, group) => sum + group.billableSeconds, 0) });
  const data = rows.map((row) => ({ label: row.label, Billable: hours(row.billableSeconds), "Non-billable": hours(row.seconds - row.billableSeconds) }));
  const height = Math.max(160, 48 + data.length * 34);
  return (
    <figure className="m-0 min-w-0">
      <div
        className="w-full min-w-0 [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-legend-item-text]:text-foreground! [&_.recharts-tooltip-wrapper_.recharts-default-tooltip]:bg-surface! [&_.recharts-tooltip-wrapper_.recharts-default-tooltip]:border-border!"
        style={{ height }}
        role="img"
        aria-label={`Hours (${durationUnit()}) per ${DIMENSION_LABELS[dimension].toLowerCase()}, billable and non-billable, as a chart; the same figures are in the table below`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 4, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals tickFormatter={hoursText} />
            <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(value) => hoursText(Number(value))} cursor={{ fill: "var(--color-subtle, rgb(127 127 127 / 0.12))" }} />
            <Legend />
            <Bar dataKey="Billable" stackId="hours" fill="var(--color-primary, #2563eb)" isAnimationActive={false} />
            <Bar dataKey="Non-billable" stackId="hours" fill="#98a2b3" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function GroupRow({ group, dimension, isChild, showAmounts, showBudgets }: { group: ReportGroup; dimension: TimeReport["groupBy"][number]; isChild: boolean; showAmounts: boolean; showBudgets: boolean }) {
  return (
    <tr className={isChild ? "text-[0.9rem] [&>td:first-child]:pl-8 max-sm:ml-5 max-sm:[&>td:first-child]:pl-3.5" : "[&>td]:font-semibold"}>
      <td>
        {isChild && <span className="sr-only">within the group above: </span>}
        {groupLabel(dimension, group.label)}
      </td>
      <NumberCell label="Hours">{formatDuration(group.seconds)}</NumberCell>
      <NumberCell label="Billable">{formatDuration(group.billableSeconds)}</NumberCell>
      <NumberCell label="Billed">{formatDuration(group.billedSeconds)}</NumberCell>
      {showAmounts && (
        <>
          <NumberCell label="Amount">
            <Amounts amounts={group.amounts} />
          </NumberCell>
          <NumberCell label="Tax">
            <Amounts amounts={group.amounts} part="tax" />
          </NumberCell>
        </>
      )}
      {showBudgets && <NumberCell label="Budget">{group.budget ? budgetText(group.budget, group.amounts) : "—"}</NumberCell>}
    </tr>
  );
}

function GroupTable({ report, showAmounts }: { report: TimeReport; showAmounts: boolean }) {
  const [first, second] = report.groupBy;
  const title = second ? `${DIMENSION_LABELS[first!]} and ${DIMENSION_LABELS[second].toLowerCase()}` : DIMENSION_LABELS[first!];
  const showBudgets = report.groups.some((group) => group.budget || group.groups?.some((child) => child.budget));
  return (
    <Table
      caption={`Hours per ${title.toLowerCase()}`}
      columns={[title, { numeric: "Hours" }, { numeric: "Billable" }, { numeric: "Billed" }, showAmounts && { numeric: "Amount" }, showAmounts && { numeric: "Tax" }, showBudgets && { numeric: "Budget" }]}
    >
      <tbody>
        {report.groups.map((group) => (
          <Fragment key={group.key ?? "none"}>
            <GroupRow group={group} dimension={first!} isChild={false} showAmounts={showAmounts} showBudgets={showBudgets} />
            {second && group.groups?.map((child) => <GroupRow key={child.key ?? "none"} group={child} dimension={second} isChild showAmounts={showAmounts} showBudgets={showBudgets} />)}
          </Fragment>
        ))}
      </tbody>
      <tfoot className="max-sm:block max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:justify-between max-sm:[&_td]:border-0!">
        <tr>
          <td>Total</td>
          <NumberCell label="Hours">{formatDuration(report.totals.seconds)}</NumberCell>
          <NumberCell label="Billable">{formatDuration(report.totals.billableSeconds)}</NumberCell>
          <NumberCell label="Billed">{formatDuration(report.totals.billedSeconds)}</NumberCell>
          {showAmounts && (
            <>
              <NumberCell label="Amount">
                <Amounts amounts={report.totals.amounts} />
              </NumberCell>
              <NumberCell label="Tax">
                <Amounts amounts={report.totals.amounts} part="tax" />
              </NumberCell>
            </>
          )}
          {showBudgets && <NumberCell label="Budget">—</NumberCell>}
        </tr>
      </tfoot>
    </Table>
  );
}

/**
 * `showAmounts`: whether amounts are part of this report (an admin's; members' reports carry none).
 * `empty`: what to say when the range holds no time.
 */
export function ReportSummary({ report, showAmounts, empty }: { report: TimeReport; showAmounts: boolean; empty: string }) {
  if (report.groups.length === 0) {
    return (
      <>
        <Totals report={report} showAmounts={showAmounts} />
        <EmptyState title={empty}>Choose another period or fewer filters.</EmptyState>
      </>
    );
  }
  return (
    <>
      <Totals report={report} showAmounts={showAmounts} />
      {/* With amounts the table has six columns: the chart goes above it instead of beside it. */}
      <div className={cn("grid items-start gap-4", showAmounts ? "grid-cols-1" : "grid-cols-[minmax(0,1fr)_minmax(0,1fr)] max-lg:grid-cols-1")}>
        <ReportChart report={report} />
        <GroupTable report={report} showAmounts={showAmounts} />
      </div>
    </>
  );
}
