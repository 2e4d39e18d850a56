import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { constellationByIdInput, constellationSchema } from "@/server/contract/constellation";
import { getConstellation } from "@/server/services/constellations/constellations";

/** GET /api/v1/constellations/{id}: one project in the public shape, archived or not (the web app's `get` has its own). */
export const lookUpConstellationProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/constellations/{id}",
      operationId: "constellations-get",
      summary: "Get a constellation (project)",
      description: "Archived constellations are found too (`archived: true`). 404 when the constellation does not exist or belongs to another organization.",
      tags: ["Constellations"],
      protect: true,
    },
    scopes: ["constellations:read"],
  })
  .input(constellationByIdInput)
  .output(v1Envelope(constellationSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await getConstellation(ctx.db, { organizationId: ctx.apiKey.organizationId }, input.id)));
