import type { Metadata } from "next";
import { ApprovalsPage } from "@/components/approvals/approvals-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Approvals" };

export default async function Page() {
  await prefetch(trpc.approvals.list.infiniteQueryOptions({ status: "submitted", limit: PAGE_SIZE.approvals }, pagedByCursor));
  return (
    <HydrateClient>
      <ApprovalsPage />
    </HydrateClient>
  );
}
