import type { Metadata } from "next";
import { TaskDetail } from "@/components/tasks/task-detail";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Task" };

export default async function Page({ params }: { params: Promise<{ taskId: string }> }) {
  const { taskId } = await params;
  await prefetch(trpc.tasks.getWithAuthors.queryOptions({ taskId }));
  return (
    <HydrateClient>
      <TaskDetail taskId={taskId} />
    </HydrateClient>
  );
}
