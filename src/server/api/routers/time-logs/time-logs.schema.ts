// Time-log fields shared by the timers, offline sync and the public list.
import { z } from "zod";
import { timestampSchema } from "@/server/lib/zod";
import { idInput, optionalText } from "@/server/lib/zod";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/server/lib/limits";

export const timeLogSourceSchema = z.enum(["manual", "timer", "imported"]);

export const timeLogSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    taskId: z.string().nullable(),
    customerId: z.string().nullable(),
    description: z.string().nullable(),
    startedAt: timestampSchema,
    endedAt: timestampSchema.nullable().meta({ description: "Wall-clock end; may differ from startedAt + durationSeconds" }),
    durationSeconds: z.number().int().meta({ description: "Authoritative for billing" }),
    tags: z.array(z.string()),
    isBillable: z.boolean(),
    source: timeLogSourceSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "TimeLog" });

/** Input fields a time log and a timer share (app-api section 6 limits). */
export const referenceIdInput = idInput.nullable().optional();
/** Trimmed; blank is stored as null. */
export const descriptionInput = optionalText(MAX_LOG_DESCRIPTION_LENGTH);
