import type { Metadata } from "next";
import { ProjectsPage } from "@/components/projects/projects-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Projects" };

export default async function Page() {
  await prefetch(trpc.constellations.listWithCustomerNames.infiniteQueryOptions({ includeArchived: "false", limit: PAGE_SIZE.projects }, pagedByCursor));
  return (
    <HydrateClient>
      <ProjectsPage />
    </HydrateClient>
  );
}
