import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, isoInstant, queryBoolean } from "@/server/lib/zod";
import { timeLogSourceSchema } from "./time-logs.schema";

const idFilter = idInput.optional();

export const listTimeLogsInput = z
  .object({
    from: isoInstant().optional().meta({ description: "Inclusive lower bound on startedAt; a full ISO 8601 instant with Z or an offset" }),
    to: isoInstant().optional().meta({ description: "Inclusive upper bound on startedAt; a full ISO 8601 instant with Z or an offset" }),
    taskId: idFilter,
    customerId: idFilter,
    userId: idFilter,
    isBillable: queryBoolean().optional().meta({ description: "The literal string true or false" }),
    source: timeLogSourceSchema.optional(),
    ...paginationInput,
  })
  .superRefine((input, context) => {
    if (input.from && input.to && input.to < input.from) context.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  });
