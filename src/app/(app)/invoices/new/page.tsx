import type { Metadata } from "next";
import { Suspense } from "react";
import { NewInvoice } from "@/components/invoices/new-invoice";
import { LoadingState } from "@/components/ui";
import "../../areas.css";

export const metadata: Metadata = { title: "New invoice" };

export default function Page() {
  return (
    <Suspense fallback={<LoadingState />}>
      <NewInvoice />
    </Suspense>
  );
}
