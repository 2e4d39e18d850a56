import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { createConstellation } from "@/server/services/constellations/constellations";
import { canonicalConstellation, constellationSchema, createConstellationInput } from "@/server/contract/constellation";

/** POST /api/v1/constellations: title and goal are canonical; name and description are still honored. */
export const createConstellationProcedure = apiProcedure
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
  })
  .input(createConstellationInput)
  .output(v1Envelope(constellationSchema))
  .mutation(async ({ ctx, input }) => v1Data(ctx, await createConstellation(ctx.db, ctx.apiKey, canonicalConstellation(input))));
