// The OpenAPI 3.1 document of /api/v1, generated from the procedures that carry `meta.openapi`.
// trpc-to-openapi writes its own error schemas; they are replaced here by the contract's envelope,
// and the document gains what the contract adds: 201 for creates, scopes, rate-limit headers.
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { appRouter } from "@/server/api/root";
import type { ProcedureMeta } from "@/server/api/trpc";
import { errorEnvelopeSchema } from "@/server/api/v1-schemas";

type Json = Record<string, unknown>;

const errorRef = { $ref: "#/components/schemas/Error" };

const integerHeader = (description: string) => ({ description, schema: { type: "integer" } });
const rateLimitHeaders = {
  "RateLimit-Limit": integerHeader("The key's hourly request limit"),
  "RateLimit-Remaining": integerHeader("Requests remaining in the window"),
  "RateLimit-Reset": integerHeader("Seconds until the window resets"),
  "X-RateLimit-Limit": integerHeader("Legacy alias of RateLimit-Limit"),
  "X-RateLimit-Remaining": integerHeader("Legacy alias of RateLimit-Remaining"),
  "X-RateLimit-Reset": integerHeader("Unix time (seconds) at which the window resets"),
};

function errorResponse(description: string, headers?: Json): Json {
  return { description, ...(headers ? { headers } : {}), content: { "application/json": { schema: errorRef } } };
}

function errorResponsesFor(method: string, hasPathParams: boolean): Json {
  const responses: Json = {
    "400": errorResponse("validation_error: the body or query failed validation; one details entry per invalid field", rateLimitHeaders),
    "401": errorResponse("unauthorized: missing or malformed Authorization header, or an invalid, revoked or expired key"),
    "402": errorResponse("plan_required: the organization's plan does not include custom integrations"),
    "403": errorResponse("forbidden: the key lacks a required scope (details[0].field is `permission`)"),
    "429": errorResponse("rate_limit_exceeded: the key exceeded its hourly limit", {
      ...rateLimitHeaders,
      "Retry-After": integerHeader("Seconds to wait before retrying"),
    }),
    "500": errorResponse("internal_error: unexpected error; the message is generic", rateLimitHeaders),
  };
  if (hasPathParams) responses["404"] = errorResponse("not_found: no such resource in the key's organization", rateLimitHeaders);
  if (method !== "get" && method !== "delete") responses["413"] = errorResponse("payload_too_large: the body exceeds 1 MiB");
  return responses;
}

function openApiProcedures(): Array<{ method: string; path: string; meta: ProcedureMeta }> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  return Object.values(procedures)
    .map((procedure) => procedure._def.meta)
    .filter((meta): meta is ProcedureMeta & { openapi: NonNullable<ProcedureMeta["openapi"]> } => Boolean(meta?.openapi))
    .map((meta) => ({ method: meta.openapi.method.toLowerCase(), path: meta.openapi.path, meta }));
}

function scopeSentence(meta: ProcedureMeta): string {
  const scopes = meta.scopes ?? [];
  if (!scopes.length) return "";
  const extra = meta.scopesForInput?.({ constellationId: "x" }) ?? [];
  const conditional = extra.length ? ` Also requires ${extra.map((scope) => `\`${scope}\``).join(", ")} when \`constellationId\` is sent.` : "";
  return `Requires scope ${scopes.map((scope) => `\`${scope}\``).join(", ")}.${conditional}`;
}

export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "Orbit API",
    version: "v1",
    description:
      "The public REST API of Orbit. Every request carries `Authorization: Bearer <API key>`. Every response is JSON: " +
      "`{ data, meta, pagination? }` on success and `{ error, message, details?, meta }` on error. Lists are keyset-paginated " +
      "with an opaque `cursor`. Use webhooks, not polling, to learn about new time logs and invoices.",
    baseUrl: `${baseUrl}/api`,
    securitySchemes: {
      apiKey: { type: "http", scheme: "bearer", bearerFormat: "sk_<64 lowercase hex>", description: "An API key created in the app's settings." },
    },
  }) as OpenAPIObject & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, unknown> } };

  for (const { method, path, meta } of openApiProcedures()) {
    const openApiPath = path.replace(/:(\w+)/g, "{$1}");
    const operation = document.paths[openApiPath]?.[method];
    if (!operation) continue;
    const responses = operation.responses as Record<string, Json>;
    const success = responses["200"]!;
    delete responses["200"];
    const status = String(meta.successStatus ?? 200);
    const errors = errorResponsesFor(method, openApiPath.includes("{"));
    operation.responses = { [status]: { ...success, description: success.description ?? "Success", headers: rateLimitHeaders }, ...errors };
    operation.description = [meta.openapi?.description, scopeSentence(meta)].filter(Boolean).join("\n\n");
  }
  for (const name of Object.keys(document.components.schemas)) {
    if (name.startsWith("error.")) delete document.components.schemas[name];
  }
  const { $schema: _ignored, ...errorSchema } = z.toJSONSchema(errorEnvelopeSchema, { target: "draft-2020-12" }) as Json;
  document.components.schemas.Error = errorSchema;
  return document;
}
