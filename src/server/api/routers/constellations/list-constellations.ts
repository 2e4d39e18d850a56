import { keyOrSessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listConstellations } from "@/server/services/constellations/constellations";
import { constellationSchema, listConstellationsInput } from "@/server/contract/constellation";

/** GET /api/v1/constellations and the web app's project pickers: newest first; archived projects only with includeArchived=true. */
export const listConstellationsProcedure = keyOrSessionProcedure
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
  .output(pageOf(constellationSchema))
  .query(({ ctx, input }) => listConstellations(ctx.db, ctx.tenant, input));
