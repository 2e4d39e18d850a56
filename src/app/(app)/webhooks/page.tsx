import type { Metadata } from "next";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";
import "../areas.css";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return <WebhooksPage />;
}
