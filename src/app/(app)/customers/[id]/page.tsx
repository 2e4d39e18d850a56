import type { Metadata } from "next";
import { CustomerDetail } from "@/components/customers/customer-detail";
import { PAGE_SIZE } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Customer" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await Promise.all([prefetch(trpc.customers.get.queryOptions({ id })), prefetch(trpc.customers.work.queryOptions({ id })), prefetch(trpc.constellations.list.queryOptions({ customerId: id, includeArchived: "true", limit: PAGE_SIZE.all })), prefetch(trpc.organization.customerPermissions.queryOptions())]);
  return (
    <HydrateClient>
      <CustomerDetail id={id} />
    </HydrateClient>
  );
}
