import type { Metadata } from "next";
import { CustomersPage } from "@/components/customers/customers-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Customers" };

export default async function Page() {
  await Promise.all([prefetch(trpc.customers.list.infiniteQueryOptions({ includeArchived: "false", limit: PAGE_SIZE.customers }, pagedByCursor)), prefetch(trpc.organization.customerPermissions.queryOptions())]);
  return (
    <HydrateClient>
      <CustomersPage />
    </HydrateClient>
  );
}
