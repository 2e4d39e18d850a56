import type { Metadata } from "next";
import { DeliveryDetail } from "@/components/webhooks/delivery-detail";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Webhook delivery" };

export default async function Page({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  const { id, deliveryId } = await params;
  await prefetch(trpc.webhooks.delivery.queryOptions({ id, deliveryId }));
  return (
    <HydrateClient>
      <DeliveryDetail endpointId={id} deliveryId={deliveryId} />
    </HydrateClient>
  );
}
