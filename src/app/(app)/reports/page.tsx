import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";
import { parseReportQuery, reportInstants, reportRequests, SAVED_REPORTS_PAGE_SIZE } from "@/components/reports/report-query";
import { pagedByCursor } from "@/trpc/first-page";
import { getServerQueryClient, HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Reports" };

/**
 * The report of the address, counted in the person's zone and week (their preferences, which the
 * server knows), with its first page of logs and the saved reports, in the first render.
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === "string") params.set(name, value);
  const query = parseReportQuery(params);
  const account = await getServerQueryClient()
    .fetchQuery(trpc.auth.me.queryOptions())
    .catch(() => null);
  const instants = account && reportInstants(query, account.preferences);
  const requests = instants && reportRequests(query, instants);
  await Promise.all([
    ...(requests ? [prefetch(trpc.reports.time.queryOptions(requests.summary)), prefetch(trpc.reports.logs.infiniteQueryOptions(requests.logs, pagedByCursor))] : []),
    prefetch(trpc.savedReports.list.infiniteQueryOptions({ limit: SAVED_REPORTS_PAGE_SIZE }, pagedByCursor)),
  ]);
  return (
    <HydrateClient>
      <ReportsPage />
    </HydrateClient>
  );
}
