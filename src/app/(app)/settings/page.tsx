import type { Metadata } from "next";
import { SettingsPage } from "@/components/settings/settings-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  await Promise.all([prefetch(trpc.organization.listMembers.infiniteQueryOptions({ limit: PAGE_SIZE.all }, pagedByCursor)), prefetch(trpc.calendarFeed.get.queryOptions()), prefetch(trpc.organization.customerPermissions.queryOptions()), prefetch(trpc.organization.settings.queryOptions())]);
  return (
    <HydrateClient>
      <SettingsPage />
    </HydrateClient>
  );
}
