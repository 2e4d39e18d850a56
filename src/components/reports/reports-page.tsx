"use client";
// Reports: where the time went over a period, grouped by one or two of customer, project, task,
// member, day and week, filtered; totals, amounts per currency and the chart from the server's one
// computation; the logs behind it a page at a time; CSV and PDF of the same report; saved and shared
// reports. The address holds the report, so it can be bookmarked.
import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { buttonClass, EmptyState, PageHeader, PagedQueryState, QueryState } from "@/components/ui";
import { useAccount } from "@/components/ui/use-account";
import { useTRPC } from "@/trpc/react";
import { pagedByCursor } from "@/trpc/first-page";
import { ReportFilters } from "./report-filters";
import { ReportLogTable } from "./report-log-table";
import { parseReportQuery, rangeDays, reportInstants, reportRequests, reportSearch, type ReportQuery } from "./report-query";
import { ReportSummary } from "./report-summary";
import { SavedReports, SaveReportDialog } from "./saved-reports";
import { FileLink } from "@/components/ui/file-link";

export function ReportsPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const account = useAccount();
  const isAdmin = account.role === "admin";
  const { timeZone, weekStart } = account.preferences;
  const search = searchParams.toString();
  // The report follows each change at once; the address follows it, and a new address (a saved
  // report opened, Back) replaces it.
  const [query, setQuery] = useState(() => parseReportQuery(new URLSearchParams(search)));
  const [seenSearch, setSeenSearch] = useState(search);
  /** Addresses this page wrote (the latest few): arriving at one of them changes nothing. */
  const [written, setWritten] = useState<string[]>([]);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (!written.includes(search)) setQuery(parseReportQuery(new URLSearchParams(search)));
  }
  const instants = useMemo(() => reportInstants(query, { timeZone, weekStart }), [query, timeZone, weekStart]);
  const days = instants && rangeDays(instants, timeZone);

  const requests = instants && reportRequests(query, instants);
  const reportInput = requests?.summary;
  const report = useQuery({ ...trpc.reports.time.queryOptions(reportInput ?? skipToken), placeholderData: keepPreviousData });
  const logs = useInfiniteQuery({ ...trpc.reports.logs.infiniteQueryOptions(requests?.logs ?? skipToken, pagedByCursor), placeholderData: keepPreviousData });
  const fileUrl = (format: "csv" | "pdf") => (reportInput ? `/api/app/reports/time?${new URLSearchParams({ ...reportInput, format })}` : undefined);

  function change(next: Partial<ReportQuery>) {
    const updated = { ...query, ...next };
    const address = reportSearch(updated);
    setQuery(updated);
    setWritten((addresses) => [...addresses.slice(-9), address]);
    router.replace(`${pathname}?${address}`, { scroll: false });
  }

  return (
    <>
      <PageHeader
        title="Reports"
        description={isAdmin ? "Where the time went, grouped and filtered as you choose, with amounts per currency." : "Where your time went, grouped and filtered as you choose."}
        actions={
          <>
            <FileLink className={buttonClass("secondary")} href={fileUrl("csv")} fallbackName="orbit-report.csv">
              Download CSV
            </FileLink>
            <FileLink className={buttonClass("secondary")} href={fileUrl("pdf")} fallbackName="orbit-report.pdf">
              Download PDF
            </FileLink>
            <SaveReportDialog query={query} instants={instants} isAdmin={isAdmin} />
          </>
        }
      />
      <ReportFilters query={query} days={days} isAdmin={isAdmin} onChange={change} />
      {!isAdmin && <p className="text-muted-foreground text-sm mt-0">Your own time; amounts are for admins.</p>}
      {reportInput ? (
        <div aria-busy={report.isFetching || undefined}>
          <QueryState query={report} loadingLabel="Adding up the hours…">
            {(data) => <ReportSummary report={data} showAmounts={isAdmin} empty="No time logged in this period with these filters." />}
          </QueryState>
          <section className="mt-8" aria-labelledby="report-logs-heading">
            <h2 id="report-logs-heading">Time logs</h2>
            <PagedQueryState query={logs} loadingLabel="Loading the time logs…" empty={<EmptyState title="No time logs in this report." />}>
              {(rows) => <ReportLogTable rows={rows} timeZone={report.data?.timeZone ?? timeZone} />}
            </PagedQueryState>
          </section>
        </div>
      ) : (
        <EmptyState title="Choose both days of the period.">The last day must not be before the first.</EmptyState>
      )}
      <SavedReports timeZone={timeZone} />
    </>
  );
}
