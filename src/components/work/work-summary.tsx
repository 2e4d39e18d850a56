"use client";
// What a project or a customer shows of its work: hours this week, this month and all time (billable
// and not, amounts for admins), then per task (a project) or per project (a customer), and a link to
// the Reports page filtered to it. The server sums; this only shows.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass, NumberCell, QueryState, Table } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD } from "@/components/ui/styles";
import { formatDuration } from "@/lib/time-format";
import { formatMoney } from "@/lib/money";
import type { WorkPeriod, WorkRow, WorkSummary } from "@/server/contract/work-summary";
import { useTRPC } from "@/trpc/react";

const PERIODS = [
  { key: "thisWeek", title: "This week" },
  { key: "thisMonth", title: "This month" },
  { key: "allTime", title: "All time" },
] as const;

function PeriodCard({ title, period, showsAmounts }: { title: string; period: WorkPeriod; showsAmounts: boolean }) {
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  return (
    <div className="rounded-lg bg-background px-3.5 py-3" data-testid={`work-${slug}`}>
      <dt className="text-xs uppercase tracking-[0.05em] text-muted-foreground">{title}</dt>
      <dd className="m-0 mt-0.5 text-xl font-semibold tabular-nums" data-testid={`work-${slug}-total`}>
        {formatDuration(period.seconds)}
      </dd>
      <dd className="m-0 text-sm text-muted-foreground tabular-nums">
        {formatDuration(period.billableSeconds)} billable · {formatDuration(period.seconds - period.billableSeconds)} not
      </dd>
      {showsAmounts && (
        <dd className="m-0 text-sm tabular-nums" data-testid={`work-${slug}-amount`}>
          {period.amounts.length === 0 ? "No billable amount" : period.amounts.map((amount) => formatMoney(amount.amountCents, amount.currency)).join(" + ")}
        </dd>
      )}
    </div>
  );
}

function WorkTable({ data, rowKind, caption, linkOf }: { data: WorkSummary; rowKind: "Task" | "Project"; caption: string; linkOf: (id: string) => string }) {
  const other = data.other.allTime.seconds > 0 || data.other.thisMonth.seconds > 0 || data.other.thisWeek.seconds > 0;
  const cells = (row: Pick<WorkRow, "thisWeek" | "thisMonth" | "allTime">) => (
    <>
      <NumberCell label="This week">{formatDuration(row.thisWeek.seconds)}</NumberCell>
      <NumberCell label="This month">{formatDuration(row.thisMonth.seconds)}</NumberCell>
      <NumberCell label="All time">{formatDuration(row.allTime.seconds)}</NumberCell>
      <NumberCell label="Billable, all time">{formatDuration(row.allTime.billableSeconds)}</NumberCell>
    </>
  );
  return (
    <Table caption={caption} columns={[rowKind, { numeric: "This week" }, { numeric: "This month" }, { numeric: "All time" }, { numeric: "Billable, all time" }]}>
      <tbody>
        {data.rows.map((row) => (
          <tr key={row.id ?? "none"} data-testid="work-row">
            <td className="break-words">
              {row.id ? (
                <Link className="font-semibold" href={linkOf(row.id)}>
                  {row.name}
                </Link>
              ) : (
                <span className="text-muted-foreground">{rowKind === "Task" ? "No task" : "No project"}</span>
              )}
            </td>
            {cells(row)}
          </tr>
        ))}
        {other && (
          <tr>
            <td className="text-muted-foreground">Others</td>
            {cells(data.other)}
          </tr>
        )}
      </tbody>
    </Table>
  );
}

/** `subject`: whose work; its Reports link filters the Reports page to it. */
export function WorkSummaryPanel({ subject }: { subject: { kind: "project" | "customer"; id: string; name: string } }) {
  const trpc = useTRPC();
  const project = useQuery({ ...trpc.constellations.work.queryOptions({ id: subject.id }), enabled: subject.kind === "project" });
  const customer = useQuery({ ...trpc.customers.work.queryOptions({ id: subject.id }), enabled: subject.kind === "customer" });
  const query = subject.kind === "project" ? project : customer;
  const reportHref = `/reports?${new URLSearchParams({ [subject.kind === "project" ? "projectId" : "customerId"]: subject.id })}`;
  const rowKind = subject.kind === "project" ? "Task" : "Project";
  return (
    <section className={cn(CARD, "mt-7 grid gap-4")} aria-labelledby="work-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="work-heading" className="m-0">
          Hours
        </h2>
        <Link className={buttonClass("secondary", "sm")} href={reportHref}>
          Open in Reports
        </Link>
      </div>
      <QueryState query={query} loadingLabel="Loading hours…">
        {(data) => (
          <>
            {data.scope === "self" && <p className="m-0 text-sm text-muted-foreground">Your own time only; admins see everyone&apos;s.</p>}
            <dl className="m-0 grid grid-cols-3 gap-3 max-md:grid-cols-1">
              {PERIODS.map(({ key, title }) => (
                <PeriodCard key={key} title={title} period={data.totals[key]} showsAmounts={data.showsAmounts} />
              ))}
            </dl>
            {data.showsAmounts && <p className="m-0 text-xs text-muted-foreground">Amounts are billable time at the customer&apos;s rate and rounding, before tax, as invoices bill them.</p>}
            <h3 className="m-0 text-base">{subject.kind === "project" ? "Tasks" : "Projects"}</h3>
            {data.rows.length === 0 ? (
              <p className="m-0 text-muted-foreground">{subject.kind === "project" ? "No tasks and no time on this project yet." : "No time for this customer yet."}</p>
            ) : (
              <WorkTable
                data={data}
                rowKind={rowKind}
                caption={`${subject.kind === "project" ? "Tasks" : "Projects"} of ${subject.name} and their hours`}
                linkOf={(id) => (subject.kind === "project" ? `/tasks/${id}` : `/projects/${id}`)}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
