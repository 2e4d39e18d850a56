import type { Metadata } from "next";
import { ProjectDetail } from "@/components/projects/project-detail";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Project" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await Promise.all([prefetch(trpc.constellations.get.queryOptions({ id })), prefetch(trpc.constellations.work.queryOptions({ id })), prefetch(trpc.organization.customerPermissions.queryOptions())]);
  return (
    <HydrateClient>
      <ProjectDetail id={id} />
    </HydrateClient>
  );
}
