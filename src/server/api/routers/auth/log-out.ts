import { z } from "zod";
import { publicProcedure } from "@/server/api/procedures";

export const logOutProcedure = publicProcedure.output(z.object({ success: z.literal(true) })).mutation(({ ctx }) => {
  ctx.session.destroy();
  return { success: true as const };
});
