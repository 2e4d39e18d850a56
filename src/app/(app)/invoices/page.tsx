import type { Metadata } from "next";
import { InvoicesPage } from "@/components/invoices/invoices-page";
import "../areas.css";

export const metadata: Metadata = { title: "Invoices" };

export default function Page() {
  return <InvoicesPage />;
}
