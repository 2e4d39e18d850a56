// The procedure bases every router builds on.
import { publicProcedure } from "@/server/api/trpc";
import { requireSession } from "@/server/api/middleware/session";
import { AppError } from "@/server/errors";

export { publicProcedure };

/** Signed-in user of the web app; `ctx.actor` names the user, organization and role. */
export const sessionProcedure = publicProcedure.use(requireSession);

/** Signed-in admin. */
export const adminProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "admin") {
    throw new AppError("forbidden", "This action requires the admin role.", { details: [{ field: "role", message: "admin role required" }] });
  }
  return next();
});
