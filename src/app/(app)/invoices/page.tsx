import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";

export const metadata: Metadata = { title: "Invoices" };

export default function Page() {
  return <PlaceholderPage title="Invoices" description="Bill customers for their time." />;
}
