import type { Metadata } from "next";
import { ProjectsPage } from "@/components/projects/projects-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Projects" };

export default async function Page() {
  await Promise.all([prefetch(trpc.constellations.listWithCustomerNames.infiniteQueryOptions({ includeArchived: "false", limit: PAGE_SIZE.projects }, pagedByCursor)), prefetch(trpc.organization.customerPermissions.queryOptions())]);
  return (
    <HydrateClient>
      <ProjectsPage />
    </HydrateClient>
  );
}
