// Time-log response shape (app-api section 4): an explicit allowlist. `notes` and `clientSessionId`
// are withheld and never copied here.
import type { TimeLog } from "@/generated/prisma/client";
import type { TimeLogSource } from "@/generated/prisma/enums";

export interface TimeLogView {
  id: string;
  userId: string;
  taskId: string | null;
  customerId: string | null;
  description: string | null;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number;
  tags: string[];
  isBillable: boolean;
  source: TimeLogSource;
  createdAt: string;
}

export type TimeLogRow = Pick<
  TimeLog,
  "id" | "userId" | "taskId" | "customerId" | "description" | "startedAt" | "endedAt" | "durationSeconds" | "tags" | "isBillable" | "source" | "createdAt"
>;

export function serializeTimeLog(log: TimeLogRow): TimeLogView {
  return {
    id: log.id,
    userId: log.userId,
    taskId: log.taskId,
    customerId: log.customerId,
    description: log.description,
    startedAt: log.startedAt.toISOString(),
    endedAt: log.endedAt ? log.endedAt.toISOString() : null,
    durationSeconds: log.durationSeconds,
    tags: [...log.tags],
    isBillable: log.isBillable,
    source: log.source,
    createdAt: log.createdAt.toISOString(),
  };
}
