import type { Metadata } from "next";
import { InvoiceDetail } from "@/components/invoices/invoice-detail";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Invoice" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await prefetch(trpc.invoices.get.queryOptions({ id }));
  return (
    <HydrateClient>
      <InvoiceDetail id={id} />
    </HydrateClient>
  );
}
