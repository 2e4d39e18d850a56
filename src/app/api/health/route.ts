// GET /api/health: the process is up and serving. Touches neither the database nor a session.
import { jsonResponse } from "@/server/http/app-route";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return jsonResponse({ status: "ok" }, 200);
}
