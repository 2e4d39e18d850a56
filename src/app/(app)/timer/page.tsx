import type { Metadata } from "next";
import { headers } from "next/headers";
import { TimerPage } from "@/components/timer/timer-page";
import { startOfDayIn } from "@/lib/zoned-day";
import { PAGE_SIZE } from "@/trpc/first-page";
import { HydrateClient, loadAccount, prefetch, requestTimeZone, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Timer" };

export default async function Page() {
  // Today's logs need the browser's day: known once the app has told the server its zone.
  const [zone, account] = await Promise.all([requestTimeZone(), loadAccount(await headers())]);
  if (!zone || !account) return <TimerPage />;
  const now = new Date();
  const today = { from: startOfDayIn(now, zone).toISOString(), to: startOfDayIn(now, zone, 1).toISOString() };
  const { user } = account;
  await Promise.all([
    prefetch(trpc.timeLogs.listWithNames.queryOptions({ ...today, userId: user.id, limit: PAGE_SIZE.all })),
    prefetch(trpc.timeLogs.summarize.queryOptions({ dayStarts: [today.from], end: today.to, userId: user.id })),
  ]);
  return (
    <HydrateClient>
      <TimerPage today={today} />
    </HydrateClient>
  );
}
