import type { Metadata } from "next";
import { SettingsPage } from "@/components/settings/settings-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { getServerQueryClient, HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  const account = await getServerQueryClient()
    .fetchQuery(trpc.auth.me.queryOptions())
    .catch(() => null);
  await Promise.all([
    prefetch(trpc.organization.listMembers.infiniteQueryOptions({ limit: PAGE_SIZE.all }, pagedByCursor)),
    prefetch(trpc.calendarFeed.get.queryOptions()),
    prefetch(trpc.organization.customerPermissions.queryOptions()),
    // The organization's settings are the admins' (a member's request is refused, and would reach the browser as an error).
    ...(account?.role === "admin" ? [prefetch(trpc.organization.settings.queryOptions())] : []),
  ]);
  return (
    <HydrateClient>
      <SettingsPage />
    </HydrateClient>
  );
}
