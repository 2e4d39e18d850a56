// Running-timer response shape (app-api section 4): an explicit allowlist.
import type { RunningTimer } from "@/generated/prisma/client";

export interface RunningTimerView {
  id: string;
  taskId: string | null;
  customerId: string | null;
  description: string | null;
  tags: string[];
  isBillable: boolean;
  startedAt: string;
}

export function serializeRunningTimer(timer: RunningTimer): RunningTimerView {
  return {
    id: timer.id,
    taskId: timer.taskId,
    customerId: timer.customerId,
    description: timer.description,
    tags: [...timer.tags],
    isBillable: timer.isBillable,
    startedAt: timer.startedAt.toISOString(),
  };
}
