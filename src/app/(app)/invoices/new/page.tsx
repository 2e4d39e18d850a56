import type { Metadata } from "next";
import { Suspense } from "react";
import { NewInvoice } from "@/components/invoices/new-invoice";
import { LoadingState } from "@/components/ui";
import { PAGE_SIZE } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "New invoice" };

export default async function Page() {
  await Promise.all([prefetch(trpc.customers.list.queryOptions({ limit: PAGE_SIZE.all })), prefetch(trpc.organization.settings.queryOptions())]);
  return (
    <HydrateClient>
      <Suspense fallback={<LoadingState />}>
        <NewInvoice />
      </Suspense>
    </HydrateClient>
  );
}
