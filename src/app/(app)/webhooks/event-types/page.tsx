import type { Metadata } from "next";
import { EventTypesPage } from "@/components/webhooks/event-types-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Webhook event types" };

export default async function Page() {
  await prefetch(trpc.webhooks.eventTypes.queryOptions());
  return (
    <HydrateClient>
      <EventTypesPage />
    </HydrateClient>
  );
}
