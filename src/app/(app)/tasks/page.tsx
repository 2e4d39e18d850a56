import type { Metadata } from "next";
import { TasksPage } from "@/components/tasks/tasks-page";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Tasks" };

export default async function Page() {
  await Promise.all([prefetch(trpc.tasks.list.infiniteQueryOptions({ limit: PAGE_SIZE.tasks }, pagedByCursor)), prefetch(trpc.organization.listMembers.queryOptions({ limit: PAGE_SIZE.all }))]);
  return (
    <HydrateClient>
      <TasksPage />
    </HydrateClient>
  );
}
