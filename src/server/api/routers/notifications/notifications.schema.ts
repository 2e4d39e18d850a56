import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput } from "@/server/lib/zod";

export const notificationOutput = z.object({
  id: z.string(),
  kind: z.enum(["webhook_failing", "webhook_disabled"]),
  endpointId: z.string(),
  endpointUrl: z.string(),
  consecutiveFailures: z.number().int(),
  reason: z.enum(["consecutive_failures", "gone"]).nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});

export const listNotificationsInput = z.object(paginationInput);
export const listNotificationsOutput = z.object({ items: z.array(notificationOutput), pagination: paginationSchema });
export const notificationIdInput = z.object({ id: idInput });
