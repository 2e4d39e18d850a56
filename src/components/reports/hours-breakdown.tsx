"use client";
// One breakdown of the report: a stacked bar chart (billable against non-billable) with its numbers beside it.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState, NumberCell, Table } from "@/components/ui";
import { formatHours } from "@/lib/time-format";

export interface BreakdownRow {
  id: string | null;
  name: string | null;
  billableSeconds: number;
  nonBillableSeconds: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export function HoursBreakdown({ title, noneLabel, rows, other }: { title: string; noneLabel: string; rows: BreakdownRow[]; other: Omit<BreakdownRow, "id" | "name"> }) {
  const hasOther = other.billableSeconds + other.nonBillableSeconds > 0;
  const all = [...rows.map((row) => ({ ...row, label: row.name ?? noneLabel })), ...(hasOther ? [{ id: "other", name: null, ...other, label: "All others" }] : [])];
  const chartData = all.map((row) => ({ label: row.label, Billable: hours(row.billableSeconds), "Non-billable": hours(row.nonBillableSeconds) }));
  const headingId = `report-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section className="mt-7" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {all.length === 0 ? (
        <EmptyState title="No time logged in this range." />
      ) : (
        <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-4 items-start max-md:grid-cols-1">
          <div className="h-[280px] w-full min-w-0 [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-legend-item-text]:text-foreground!" role="img" aria-label={`${title}: billable and non-billable hours, chart; the same figures are in the table`}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chartData} layout="vertical" margin={{ left: 8, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" unit="h" allowDecimals />
                <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
                <Tooltip formatter={(value) => `${value} h`} />
                <Legend />
                <Bar dataKey="Billable" stackId="hours" fill="#2563eb" isAnimationActive={false} />
                <Bar dataKey="Non-billable" stackId="hours" fill="#98a2b3" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <Table caption={`${title} (hours)`}>
            <thead>
              <tr>
                <th scope="col">{title.replace("Hours per ", "").replace(/^\w/, (c) => c.toUpperCase())}</th>
                <th scope="col" className="text-right tabular-nums whitespace-nowrap">
                  Billable
                </th>
                <th scope="col" className="text-right tabular-nums whitespace-nowrap">
                  Non-billable
                </th>
                <th scope="col" className="text-right tabular-nums whitespace-nowrap">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {all.map((row) => (
                <tr key={row.id ?? "none"}>
                  <td>{row.label}</td>
                  <NumberCell label="Billable">{formatHours(row.billableSeconds)}</NumberCell>
                  <NumberCell label="Non-billable">{formatHours(row.nonBillableSeconds)}</NumberCell>
                  <NumberCell label="Total">{formatHours(row.billableSeconds + row.nonBillableSeconds)}</NumberCell>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
