// GET /api/metrics: Prometheus text format behind Bearer METRICS_TOKEN; without the variable the route does not exist (404).
import { timingSafeEqual } from "node:crypto";
import { getEnv } from "@/env";
import { bearerToken } from "@/server/api/middleware/api-key";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";
import { renderMetrics } from "@/server/operations/metrics";

export const dynamic = "force-dynamic";

function isAuthorized(header: string | null, token: string): boolean {
  const presented = Buffer.from(bearerToken(header) ?? "");
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export const GET = observed(async (request: Request): Promise<Response> => {
  const token = getEnv().metricsToken;
  if (!token) return errorResponse(new AppError("not_found", "No such route."));
  if (!isAuthorized(request.headers.get("authorization"), token)) {
    return errorResponse(new AppError("unauthorized", "A valid metrics bearer token is required.", { headers: { "www-authenticate": "Bearer" } }));
  }
  try {
    const { contentType, text } = await renderMetrics(await getDb());
    return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
});
