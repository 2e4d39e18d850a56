import { z } from "zod";
import { isoInstant, jsonBoolean, uncoerced } from "@/server/lib/zod";
import { MAX_LOG_SECONDS, MAX_SYNC_ENTRIES } from "@/server/lib/limits";
import { tagsInput } from "@/server/lib/zod";
import { descriptionInput, referenceIdInput, timeLogSchema, timeLogSourceSchema } from "./time-logs.schema";

const syncEntryInput = z
  .object({
    clientSessionId: z.string().min(1).max(200).meta({ description: "The client's idempotency key for this entry, unique per user" }),
    taskId: referenceIdInput,
    customerId: referenceIdInput,
    description: descriptionInput,
    startedAt: isoInstant(),
    endedAt: isoInstant().nullable().optional(),
    durationSeconds: uncoerced(z.number().int().min(0).max(MAX_LOG_SECONDS)),
    tags: tagsInput.optional(),
    isBillable: jsonBoolean().optional(),
    source: timeLogSourceSchema.optional(),
  })
  .superRefine((entry, context) => {
    if (entry.endedAt && entry.endedAt < entry.startedAt) {
      context.addIssue({ code: "custom", path: ["endedAt"], message: "must not be before startedAt" });
    }
  });

export const syncTimeLogsInput = z.object({ entries: z.array(syncEntryInput).min(1).max(MAX_SYNC_ENTRIES) });

export const syncTimeLogsOutput = z.object({ committed: z.array(timeLogSchema), duplicates: z.array(z.string()) });
