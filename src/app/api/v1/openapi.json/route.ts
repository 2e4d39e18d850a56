// GET /api/v1/openapi.json: the OpenAPI 3.1 document itself (public: no key, no rate limit, no envelope).
import { buildOpenApiDocument } from "@/server/api/openapi";
import { observed } from "@/server/http/observe";
import { expectedOrigin } from "@/server/http/origin";

export const dynamic = "force-dynamic";

let cached: { origin: string; body: string } | undefined;

// The document names the origin the caller reached (APP_URL when set), not the listening address.
export const GET = observed((request: Request): Response => {
  const origin = expectedOrigin(request.headers, request.url) ?? new URL(request.url).origin;
  if (cached?.origin !== origin) cached = { origin, body: JSON.stringify(buildOpenApiDocument(origin)) };
  return new Response(cached.body, { headers: { "content-type": "application/json", "cache-control": "public, max-age=300" } });
});
