// A shared report, read-only, as of the moment it is opened: the saved report's name, its summary and
// chart, its logs a page at a time (`?after=<cursor>`) and its CSV. The token is the only credential;
// an unknown or revoked one is a 404.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { buttonClass } from "@/components/ui";
import { ReportLogTable } from "@/components/reports/report-log-table";
import { ReportSummary } from "@/components/reports/report-summary";
import { DIMENSION_LABELS } from "@/components/reports/report-query";
import { WithDisplayPreferences } from "@/components/ui/display-preferences";
import { headers } from "next/headers";
import { createServerCaller, errorCodeOf as code } from "@/trpc/server";

export const dynamic = "force-dynamic";

const LOGS_PAGE_SIZE = 50;

export const metadata: Metadata = { title: "Shared report" };

type Caller = Awaited<ReturnType<typeof createServerCaller>>;

/** A page of the logs; a cursor that is not one of ours starts from the first page. */
async function logsPage(caller: Caller, token: string, after: string | undefined) {
  try {
    return await caller.savedReports.sharedLogs({ token, limit: LOGS_PAGE_SIZE, cursor: after });
  } catch (error) {
    if (after && code(error) === "validation_error") return caller.savedReports.sharedLogs({ token, limit: LOGS_PAGE_SIZE });
    throw error;
  }
}

/** The report and a page of its logs; null for an unknown or revoked token. */
async function load(token: string, after: string | undefined) {
  const caller = await createServerCaller(await headers());
  try {
    const [shared, logs] = await Promise.all([caller.savedReports.openShared({ token }), logsPage(caller, token, after)]);
    return { shared, logs };
  } catch (error) {
    if (code(error) === "not_found" || code(error) === "validation_error") return null;
    throw error;
  }
}

export default async function SharedReportPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await params;
  const { after } = await searchParams;
  const cursor = typeof after === "string" && after ? after : undefined;
  const loaded = await load(token, cursor);
  if (!loaded) notFound();
  const { shared, logs } = loaded;
  const { report } = shared;
  const grouping = report.groupBy.map((dimension) => DIMENSION_LABELS[dimension].toLowerCase()).join(", then ");
  const base = `/r/${encodeURIComponent(token)}`;

  // Shown as its owner sees it: in the report's zone, the owner's clock and duration format.
  const preferences = { timeZone: report.timeZone, weekStart: "monday" as const, ...shared.display };
  return (
    <WithDisplayPreferences preferences={preferences}>
      <div className="mb-5 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="m-0 text-2xl max-md:text-[1.3rem] wrap-anywhere">{shared.name}</h1>
          <p className="mt-1 mb-0 text-muted-foreground">
            {report.period.firstDay} to {report.period.lastDay} ({report.timeZone}), by {grouping}. Read-only; the figures are as of now.
          </p>
          <p className="mt-1 mb-0 text-muted-foreground text-sm wrap-anywhere" data-testid="report-filters">
            {report.filters.length ? `Filters: ${report.filters.map((filter) => `${filter.label}: ${filter.value}`).join("; ")}` : "No filters: all the time in this period."}
          </p>
        </div>
        <a className={buttonClass("secondary")} href={`${base}.csv`} download>
          Download CSV
        </a>
      </div>
      <ReportSummary report={report} showAmounts={report.totals.amounts.length > 0} empty="No time logged in this period." />
      <section className="mt-8" aria-labelledby="shared-logs-heading">
        <h2 id="shared-logs-heading">Time logs</h2>
        {logs.items.length === 0 ? (
          <p className="text-muted-foreground">No time logs in this report.</p>
        ) : (
          <ReportLogTable rows={logs.items} timeZone={report.timeZone} />
        )}
        {(cursor || logs.pagination.hasMore) && (
          <nav className="mt-3.5 flex justify-center gap-2" aria-label="Time log pages">
            {cursor && (
              <Link className={buttonClass("secondary")} href={base}>
                First page
              </Link>
            )}
            {logs.pagination.hasMore && logs.pagination.cursor && (
              <Link className={buttonClass("secondary")} href={`${base}?after=${encodeURIComponent(logs.pagination.cursor)}`}>
                Next page
              </Link>
            )}
          </nav>
        )}
      </section>
    </WithDisplayPreferences>
  );
}
