import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return <PlaceholderPage title="Webhooks" description="Signed events sent to your endpoints." />;
}
