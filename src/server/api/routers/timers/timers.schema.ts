import { z } from "zod";
import { timestampSchema } from "@/server/lib/zod";
import { jsonBoolean, tagsInput } from "@/server/lib/zod";
import { descriptionInput, referenceIdInput } from "../time-logs/time-logs.schema";

export const startTimerInput = z.object({
  taskId: referenceIdInput,
  customerId: referenceIdInput,
  description: descriptionInput,
  tags: tagsInput.optional(),
  isBillable: jsonBoolean().optional(),
});

export const runningTimerSchema = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  customerId: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  isBillable: z.boolean(),
  startedAt: timestampSchema,
});
