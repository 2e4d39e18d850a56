import { keyOrSessionProcedure } from "@/server/api/procedures";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { createConstellation } from "@/server/services/constellations/constellations";
import { canonicalConstellation, constellationSchema, createConstellationInput } from "@/server/contract/constellation";

/**
 * POST /api/v1/constellations and the web app's create: title and goal are canonical; name and
 * description are still honored. The signed-in member owns the project; no user stands behind a key.
 * An API key with constellations:write creates (contract 5.2); in the web app, admins, or members when
 * the organization allows it.
 */
export const createConstellationProcedure = keyOrSessionProcedure
  .use(customerManagers)
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/constellations",
      summary: "Create a constellation (project)",
      description:
        "`title` is required unless the deprecated alias `name` is sent; `description` is the deprecated alias of `goal`. An alias sent together with its canonical field must have the same value. `customerId` must be a customer of the caller's organization. `dueDate` is YYYY-MM-DD (midnight UTC) or an ISO 8601 instant.",
      tags: ["Constellations"],
      protect: true,
    },
    scopes: ["constellations:write"],
    successStatus: 201,
    references: { customerId: "customer" },
  })
  .input(createConstellationInput)
  .output(constellationSchema)
  .mutation(({ ctx, input }) => createConstellation(ctx.db, ctx.tenant, canonicalConstellation(input), ctx.actor?.userId ?? null));
