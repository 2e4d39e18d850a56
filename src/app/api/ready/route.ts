// GET /api/ready: 200 when the database answers and no migration is pending, else 503 (load balancers).
import { getDb } from "@/server/db";
import { jsonResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";
import { checkReadiness } from "@/server/operations/readiness";

export const dynamic = "force-dynamic";

export const GET = observed(async (): Promise<Response> => {
  const readiness = await checkReadiness(getDb);
  return readiness.ready ? jsonResponse({ status: "ok" }, 200) : jsonResponse({ status: "unavailable", reason: readiness.reason }, 503);
});
