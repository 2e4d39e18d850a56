// GET /api/health: the process is up and serving. Touches neither the database nor a session.
import { jsonResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";

export const dynamic = "force-dynamic";

export const GET = observed(() => jsonResponse({ status: "ok" }, 200));
