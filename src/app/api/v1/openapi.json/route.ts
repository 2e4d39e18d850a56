// GET /api/v1/openapi.json: the OpenAPI 3.1 document itself (public: no key, no rate limit, no envelope).
import { buildOpenApiDocument } from "@/server/api/openapi";

export const dynamic = "force-dynamic";

let cached: { origin: string; body: string } | undefined;

export function GET(request: Request): Response {
  const origin = new URL(request.url).origin;
  if (cached?.origin !== origin) cached = { origin, body: JSON.stringify(buildOpenApiDocument(origin)) };
  return new Response(cached.body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
}
