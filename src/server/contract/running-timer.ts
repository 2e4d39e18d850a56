// Running timer (app-api sections 4 and 11): the response allowlist, the start, change and stop inputs,
// the columns a response is read from, and the serializer. A running timer is not a time log until it
// is stopped.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { isoInstant, timestampSchema } from "@/server/lib/zod";
import { logDetailsInput } from "./time-log";

export const runningTimerSchema = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  customerId: z.string().nullable(),
  constellationId: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  isBillable: z.boolean(),
  startedAt: timestampSchema,
});

export type RunningTimerView = z.output<typeof runningTimerSchema>;

const timerFields = {
  ...logDetailsInput,
  /** The click's time, sent later by a client that was offline: not in the future, at most 12 hours ago. */
  startedAt: isoInstant().optional(),
};

export const startTimerInput = z.object(timerFields);
/** Omitted fields keep their values (a new task re-derives an omitted project and customer). */
export const updateTimerInput = z.object(timerFields);
export const stopTimerInput = z
  .object({
    stoppedAt: isoInstant().optional(),
    /** The stop's idempotency key, kept on the log: a replay of the same stop answers that log and stops nothing else. */
    clientSessionId: z.string().min(1).max(200).optional(),
  })
  .optional();

export type StartTimerInput = z.output<typeof startTimerInput>;
export type UpdateTimerInput = z.output<typeof updateTimerInput>;

export const runningTimerSelect = {
  id: true,
  taskId: true,
  customerId: true,
  constellationId: true,
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
    constellationId: timer.constellationId,
    description: timer.description,
    tags: [...timer.tags],
    isBillable: timer.isBillable,
    startedAt: timer.startedAt.toISOString(),
  };
}
