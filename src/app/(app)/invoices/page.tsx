import type { Metadata } from "next";
import { InvoicesPage } from "@/components/invoices/invoices-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Invoices" };

export default async function Page() {
  await prefetch(trpc.invoices.list.infiniteQueryOptions({ limit: PAGE_SIZE.invoices }, pagedByCursor));
  return (
    <HydrateClient>
      <InvoicesPage />
    </HydrateClient>
  );
}
