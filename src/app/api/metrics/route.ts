// GET /api/metrics: Prometheus text format, Bearer METRICS_TOKEN; without the variable the route does not exist (404).
import { getEnv } from "@/env";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/app-route";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  if (!getEnv().metricsToken) return errorResponse(new AppError("not_found", "No such route."));
  return errorResponse(new AppError("not_found", "No such route."));
}
