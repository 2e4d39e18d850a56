import type { Metadata } from "next";
import { Suspense } from "react";
import { TimeLogsPage } from "@/components/time-logs/time-logs-page";
import { LoadingState } from "@/components/ui";
import { weekIn } from "@/lib/zoned-day";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, requestTimeZone, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Time logs" };

export default async function Page({ searchParams }: { searchParams: Promise<{ week?: string | string[] }> }) {
  // The week comes from the address; Suspense lets the page render around the search parameters.
  const page = (serverWeek?: { dayStarts: string[]; end: string }) => (
    <Suspense fallback={<LoadingState />}>
      <TimeLogsPage serverWeek={serverWeek} />
    </Suspense>
  );
  // The week's days are the browser's: known once the app has told the server its zone.
  const [zone, { week }] = await Promise.all([requestTimeZone(), searchParams]);
  if (!zone) return page();
  const bounds = weekIn(typeof week === "string" ? week : null, new Date(), zone);
  const serverWeek = { dayStarts: bounds.dayStarts.map((day) => day.toISOString()), end: bounds.end.toISOString() };
  await Promise.all([
    prefetch(trpc.timeLogs.listWithNames.infiniteQueryOptions({ from: serverWeek.dayStarts[0]!, to: serverWeek.end, limit: PAGE_SIZE.timeLogs }, pagedByCursor)),
    prefetch(trpc.timeLogs.summarize.queryOptions({ dayStarts: serverWeek.dayStarts, end: serverWeek.end })),
    prefetch(trpc.organization.listMembers.queryOptions({ limit: PAGE_SIZE.all })),
  ]);
  return <HydrateClient>{page(serverWeek)}</HydrateClient>;
}
