import type { Metadata } from "next";
import { WebhookEventsPage } from "@/components/webhooks/events-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Webhook events" };

export default async function Page() {
  await prefetch(trpc.webhooks.events.infiniteQueryOptions({ limit: PAGE_SIZE.deliveries }, pagedByCursor));
  return (
    <HydrateClient>
      <WebhookEventsPage />
    </HydrateClient>
  );
}
