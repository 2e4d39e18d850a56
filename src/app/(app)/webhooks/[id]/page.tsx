import type { Metadata } from "next";
import { EndpointDetail } from "@/components/webhooks/endpoint-detail";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await Promise.all([prefetch(trpc.webhooks.get.queryOptions({ id })), prefetch(trpc.webhooks.deliveries.infiniteQueryOptions({ id, limit: PAGE_SIZE.deliveries }, pagedByCursor))]);
  return (
    <HydrateClient>
      <EndpointDetail id={id} />
    </HydrateClient>
  );
}
