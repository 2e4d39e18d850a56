import type { Metadata } from "next";
import { DeliveryDetail } from "@/components/webhooks/delivery-detail";
import "../../../../areas.css";

export const metadata: Metadata = { title: "Webhook delivery" };

export default async function Page({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  const { id, deliveryId } = await params;
  return <DeliveryDetail endpointId={id} deliveryId={deliveryId} />;
}
