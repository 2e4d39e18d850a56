import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { listConstellations } from "@/server/services/constellations/constellations";
import { constellationSchema, listConstellationsInput } from "@/server/contract/constellation";

/** GET /api/v1/constellations: newest first; archived projects only with includeArchived=true. */
export const listConstellationsProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/constellations",
      summary: "List constellations (projects)",
      description:
        "Newest first (createdAt, then id). `search` matches title or goal, case-insensitively. `status` accepts planning, in_progress, completed and the deprecated alias `active` (= in_progress). Archived constellations are excluded unless `includeArchived=true`.",
      tags: ["Constellations"],
      protect: true,
    },
    scopes: ["constellations:read"],
  })
  .input(listConstellationsInput)
  .output(v1ListEnvelope(constellationSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listConstellations(ctx.db, ctx.apiKey, input)));
