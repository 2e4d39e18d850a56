// The OpenAPI 3.1 document of /api/v1, generated from the procedures that carry `meta.openapi`.
// trpc-to-openapi writes its own error schemas; they are replaced here by the contract's envelope,
// and the document gains what the contract adds: 201 for creates, scopes, rate-limit headers.
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { openApiProcedures } from "@/server/api/procedure-meta";
import { isEnvelopedAtV1 } from "@/server/api/procedures";
import { appRouter } from "@/server/api/root";
import { v1EnvelopeOf } from "@/server/api/v1-schemas";
import type { ProcedureMeta } from "@/server/api/trpc";
import { errorEnvelopeSchema } from "@/server/lib/envelope";
import { ERROR_CONTRACT, type ErrorCode } from "@/server/errors";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from "@/server/services/idempotency/idempotency-keys";

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

/** The Idempotency-Key header every POST and PATCH accepts (app-api section 13). */
const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes the request safe to retry: a repeat with the same key, method, path and body within 24 hours answers the first " +
    "response again (status and body) with `Idempotent-Replayed: true`, without running it again. The same key with another " +
    "request, or while the first still runs, is a 409 naming `Idempotency-Key`. Keys are per API key.",
  schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};
const idempotentReplayedHeader = {
  "Idempotent-Replayed": { description: "`true` when this is the stored response of an earlier request with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } },
};

/** A documented error response: its status and description come from the contract table. */
function errorResponse(code: ErrorCode, headers?: Json): [string, Json] {
  const { status, meaning } = ERROR_CONTRACT[code];
  return [String(status), { description: `${code}: ${meaning}`, ...(headers ? { headers } : {}), content: { "application/json": { schema: errorRef } } }];
}

function errorResponsesFor(method: string, hasPathParams: boolean): Json {
  return Object.fromEntries([
    errorResponse("validation_error", rateLimitHeaders),
    errorResponse("unauthorized"),
    errorResponse("plan_required"),
    errorResponse("forbidden"),
    errorResponse("rate_limit_exceeded", { ...rateLimitHeaders, "Retry-After": integerHeader("Seconds to wait before retrying") }),
    errorResponse("internal_error", rateLimitHeaders),
    ...(hasPathParams ? [errorResponse("not_found", rateLimitHeaders)] : []),
    ...(method !== "get" && method !== "delete" ? [errorResponse("payload_too_large")] : []),
    // An Idempotency-Key used with another request, or while its first request runs.
    ...(method === "post" || method === "patch" ? [errorResponse("conflict")] : []),
  ]);
}

function scopeSentence(meta: ProcedureMeta): string {
  const scopes = meta.scopes ?? [];
  if (!scopes.length) return "";
  const conditional = (meta.conditionalScopes ?? []).map(({ scope, whenInputHas }) => ` Also requires \`${scope}\` when \`${whenInputHas}\` is sent.`).join("");
  return `Requires scope ${scopes.map((scope) => `\`${scope}\``).join(", ")}.${conditional}`;
}

/** The events stream is served beside the adapter (Server-Sent Events), so its operation is written here. */
function eventsStreamOperation(): Json {
  return {
    operationId: "events-stream",
    summary: "Follow new events",
    description:
      "A Server-Sent Events stream of the organization's new events as they commit: each message has `id:` the event id, " +
      "`event:` its type and `data:` its body `{ id, type, createdAt, data }`; a comment line every 15 seconds keeps it open. " +
      "Send `Last-Event-ID` to resume after an event. At most 5 streams may be open per API key (beyond: 429). " +
      "Admission and rate limiting are those of every request; the stream counts once.\n\nRequires scope `events:read`.",
    tags: ["Events"],
    security: [{ apiKey: [] }],
    parameters: [{ name: "Last-Event-ID", in: "header", required: false, description: "Resume after this event id", schema: { type: "string" } }],
    responses: {
      "200": { description: "The stream", headers: rateLimitHeaders, content: { "text/event-stream": { schema: { type: "string" } } } },
      ...errorResponsesFor("get", false),
    },
  };
}

type ProcedureDef = { _def: { middlewares: readonly unknown[]; output?: z.ZodType } };

/** The routers as /api/v1 answers them: a key-or-session procedure's result in the envelope its v1 step adds. */
function routerAsAnsweredAtV1(): typeof appRouter {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).map(([path, procedure]) =>
    isEnvelopedAtV1(procedure) && procedure._def.output ? [path, { ...procedure, _def: { ...procedure._def, output: v1EnvelopeOf(procedure._def.output) } }] : [path, procedure],
  );
  return { ...appRouter, _def: { ...appRouter._def, procedures: Object.fromEntries(procedures) } } as typeof appRouter;
}

export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(routerAsAnsweredAtV1(), {
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
    const isIdempotent = method === "post" || method === "patch";
    const successHeaders = isIdempotent ? { ...rateLimitHeaders, ...idempotentReplayedHeader } : rateLimitHeaders;
    operation.responses = { [status]: { ...success, description: success.description ?? "Success", headers: successHeaders }, ...errors };
    if (isIdempotent) {
      operation.parameters = [...((operation.parameters as unknown[] | undefined) ?? []), idempotencyKeyParameter];
    }
    operation.description = [meta.openapi?.description, scopeSentence(meta)].filter(Boolean).join("\n\n");
  }
  document.paths["/v1/events/stream"] = { get: eventsStreamOperation() };
  for (const name of Object.keys(document.components.schemas)) {
    if (name.startsWith("error.")) delete document.components.schemas[name];
  }
  const { $schema: _ignored, ...errorSchema } = z.toJSONSchema(errorEnvelopeSchema, { target: "draft-2020-12" }) as Json;
  document.components.schemas.Error = errorSchema;
  return document;
}
