import type { Metadata } from "next";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Webhooks" };

export default async function Page() {
  await Promise.all([prefetch(trpc.webhooks.overview.queryOptions()), prefetch(trpc.notifications.list.infiniteQueryOptions({ limit: PAGE_SIZE.notices }, pagedByCursor))]);
  return (
    <HydrateClient>
      <WebhooksPage />
    </HydrateClient>
  );
}
