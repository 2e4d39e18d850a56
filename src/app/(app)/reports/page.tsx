import type { Metadata } from "next";
import { ReportsPage } from "@/components/reports/reports-page";
import { startOfNamedDayIn, thisMonthIn } from "@/lib/zoned-day";
import { HydrateClient, prefetch, requestTimeZone, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Reports" };

export default async function Page() {
  // This month's report needs the browser's calendar: known once the app has told the server its zone.
  const zone = await requestTimeZone();
  if (!zone) return <ReportsPage />;
  const range = thisMonthIn(new Date(), zone);
  const from = startOfNamedDayIn(range.from, zone);
  const to = startOfNamedDayIn(range.to, zone, 1);
  if (!from || !to) return <ReportsPage />;
  const instants = { from: from.toISOString(), to: to.toISOString() };
  await prefetch(trpc.reports.hours.queryOptions(instants));
  return (
    <HydrateClient>
      <ReportsPage initial={{ range, instants }} />
    </HydrateClient>
  );
}
