// Running timer (app-api section 4): the response allowlist, the start input, the columns a response
// is read from, and the serializer. A running timer is not a time log until it is stopped.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { jsonBoolean, tagsInput, timestampSchema } from "@/server/lib/zod";
import { descriptionInput, referenceIdInput } from "./time-log";

export const runningTimerSchema = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  customerId: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  isBillable: z.boolean(),
  startedAt: timestampSchema,
});

export type RunningTimerView = z.output<typeof runningTimerSchema>;

export const startTimerInput = z.object({
  taskId: referenceIdInput,
  customerId: referenceIdInput,
  description: descriptionInput,
  tags: tagsInput.optional(),
  isBillable: jsonBoolean().optional(),
});

export type StartTimerInput = z.output<typeof startTimerInput>;

export const runningTimerSelect = {
  id: true,
  taskId: true,
  customerId: true,
  description: true,
  tags: true,
  isBillable: true,
  startedAt: true,
} as const satisfies Prisma.RunningTimerSelect;

export type RunningTimerRow = Prisma.RunningTimerGetPayload<{ select: typeof runningTimerSelect }>;

export function serializeRunningTimer(timer: RunningTimerRow): RunningTimerView {
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
