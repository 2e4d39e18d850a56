// The OpenAPI 3.1 document of /api/v1, generated from the procedures that carry `meta.openapi`.
// trpc-to-openapi writes its own error schemas; they are replaced here by the contract's envelope,
// and the document gains what the contract adds: 201 for creates, scopes, every header a response
// carries (request id, both rate-limit sets, Retry-After, WWW-Authenticate), the 503 every operation
// can answer, the events stream, and one `webhooks` entry per catalog event type. It is built once per
// process; only the origin it names changes between requests (`openApiDocumentJson`).
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import { openApiProcedures } from "@/server/api/procedure-meta";
import { isEnvelopedAtV1 } from "@/server/api/procedures";
import { appRouter } from "@/server/api/root";
import { v1EnvelopeOf } from "@/server/api/v1-schemas";
import type { ProcedureMeta } from "@/server/api/trpc";
import { eventComponentName } from "@/server/contract/event";
import { errorEnvelopeSchema } from "@/server/lib/envelope";
import { ERROR_CONTRACT, type ErrorCode } from "@/server/errors";
import { EVENT_CATALOG, EVENT_TYPES } from "@/server/webhooks/events";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_METHODS } from "@/server/services/idempotency/idempotency-keys";

type Json = Record<string, unknown>;

const errorRef = { $ref: "#/components/schemas/Error" };
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const integerHeader = (description: string, required = false) => ({ description, required, schema: { type: "integer", minimum: 0 } });

const ADMITTED = "Sent on every answer to an admitted request (after the 401, 402 and 403 checks), successes and errors alike.";

/** Every response header the API sends, once; responses refer to them. */
const HEADER_COMPONENTS: Record<string, Json> = {
  "X-Request-Id": {
    description: "The request's id: a well-formed incoming `X-Request-Id` is kept, otherwise one is made. Quote it when reporting a problem.",
    required: true,
    schema: { type: "string", minLength: 8, maxLength: 128 },
  },
  RateLimit: {
    description: `IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers): \`"hourly";r=<remaining>;t=<seconds until the window resets>\`. ${ADMITTED}`,
    schema: { type: "string", pattern: '^"hourly";r=\\d+;t=\\d+$' },
  },
  "RateLimit-Policy": {
    description: `IETF rate-limit policy: \`"hourly";q=<the key's hourly limit>;w=3600\`. ${ADMITTED}`,
    schema: { type: "string", pattern: '^"hourly";q=\\d+;w=3600$' },
  },
  "RateLimit-Limit": integerHeader(`The key's hourly request limit. ${ADMITTED}`),
  "RateLimit-Remaining": integerHeader(`Requests remaining in the window. ${ADMITTED}`),
  "RateLimit-Reset": integerHeader(`Seconds until the window resets. ${ADMITTED}`),
  "X-RateLimit-Limit": integerHeader(`Legacy alias of RateLimit-Limit. ${ADMITTED}`),
  "X-RateLimit-Remaining": integerHeader(`Legacy alias of RateLimit-Remaining. ${ADMITTED}`),
  "X-RateLimit-Reset": integerHeader(`Unix time (seconds) at which the window resets. ${ADMITTED}`),
  "Retry-After": integerHeader("Seconds to wait before retrying", true),
  "WWW-Authenticate": {
    description:
      'The Bearer challenge (RFC 6750): `Bearer realm="Orbit API"`, with `error="invalid_token"` and an `error_description` when a token was sent and refused (malformed, unknown, revoked or expired).',
    required: true,
    schema: { type: "string" },
  },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored response of an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
};

const RATE_LIMIT_HEADER_NAMES = ["RateLimit", "RateLimit-Policy", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

function headersOf(...names: string[]): Json {
  return Object.fromEntries(["X-Request-Id", ...names].map((name) => [name, headerRef(name)]));
}

const admittedHeaders = headersOf(...RATE_LIMIT_HEADER_NAMES);

/** The Idempotency-Key header every idempotent method (POST and PATCH) accepts (app-api section 13). */
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

/** A documented error response: its status and description come from the contract table. */
function errorResponse(code: ErrorCode, headers: Json): [string, Json] {
  const { status, meaning } = ERROR_CONTRACT[code];
  return [String(status), { description: `${code}: ${meaning}`, headers, content: { "application/json": { schema: errorRef } } }];
}

/** The errors an operation can answer, each with the headers it carries. */
function errorResponsesFor(method: string, hasPathParams: boolean): Json {
  const hasBody = method === "post" || method === "patch" || method === "put";
  return Object.fromEntries([
    errorResponse("validation_error", admittedHeaders),
    errorResponse("unauthorized", headersOf("WWW-Authenticate")),
    errorResponse("plan_required", headersOf()),
    errorResponse("forbidden", headersOf()),
    ...(hasPathParams ? [errorResponse("not_found", admittedHeaders)] : []),
    // An Idempotency-Key used with another request, or while its first request runs.
    ...(method === "post" || method === "patch" ? [errorResponse("conflict", admittedHeaders)] : []),
    ...(hasBody ? [errorResponse("payload_too_large", headersOf())] : []),
    errorResponse("rate_limit_exceeded", headersOf("Retry-After", ...RATE_LIMIT_HEADER_NAMES)),
    errorResponse("internal_error", admittedHeaders),
    errorResponse("service_unavailable", headersOf("Retry-After", ...RATE_LIMIT_HEADER_NAMES)),
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
      "`event:` its type and `data:` its body (an `Event`); a comment line every 15 seconds keeps it open. " +
      "Send `Last-Event-ID` to resume after an event. At most 5 streams may be open per API key (beyond: 429). " +
      "Admission and rate limiting are those of every request; the stream counts once.\n\nRequires scope `events:read`.",
    tags: ["Events"],
    security: [{ apiKey: [] }],
    parameters: [{ name: "Last-Event-ID", in: "header", required: false, description: "Resume after this event id", schema: { type: "string" } }],
    responses: {
      "200": { description: "The stream", headers: admittedHeaders, content: { "text/event-stream": { schema: { type: "string" } } } },
      ...errorResponsesFor("get", false),
    },
  };
}

const deliveryHeader = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

/** One `webhooks` entry per catalog type: the POST a subscribed endpoint receives, its headers and body. */
function webhookOperations(): Json {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type.replace(/[._]/g, "-")}`,
          summary: `The ${type} event`,
          description:
            `Sent when ${EVENT_CATALOG[type].when}, to every active endpoint subscribed to \`${type}\`. Verify the signature over the raw body ` +
            "before parsing it (docs/receiving-webhooks.md); de-duplicate on the body's `id`, since delivery is at least once.",
          tags: ["Webhooks"],
          security: [],
          parameters: [
            deliveryHeader("X-Service-Signature", "`t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of \"<t>.<raw body>\" keyed by the endpoint's secret>`"),
            deliveryHeader("X-Service-Event-Type", "The body's `type`"),
            deliveryHeader("X-Service-Event-Id", "The body's `id`"),
            deliveryHeader("X-Service-Delivery-Id", "This delivery: stable across its retries, different for each endpoint"),
            deliveryHeader("webhook-id", "Standard Webhooks: the body's `id`"),
            deliveryHeader("webhook-timestamp", "Standard Webhooks: unix seconds at signing"),
            deliveryHeader("webhook-signature", "Standard Webhooks: `v1,<base64 HMAC>` (and `v1a,<base64 Ed25519 signature>` for an endpoint signing with ed25519)"),
          ],
          requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${eventComponentName(type)}` } } } },
          responses: {
            "2XX": { description: "Received; the delivery succeeded" },
            "410": { description: "Gone: the endpoint is disabled at once and not retried" },
            default: { description: "Any other status, a network error or no answer within 10 seconds: the attempt failed and is retried (5 attempts in all)" },
          },
        },
      },
    ]),
  );
}

const TAGS = [
  { name: "Tasks", description: "Tasks with their checklists and comments; deleted tasks leave a tombstone for incremental sync" },
  { name: "Time logs", description: "Committed time logs (read-only); deleted logs leave a tombstone for incremental sync" },
  { name: "Customers", description: "Customers, with their billing settings (read-only here)" },
  { name: "Constellations", description: "Projects, called constellations in the API" },
  { name: "Events", description: "The organization's events, as their webhook deliveries carry them: list, look up, follow" },
  { name: "Reports", description: "The time report of the web app: seconds and amounts grouped by one or two dimensions" },
  { name: "Webhooks", description: "What a subscribed endpoint receives for each event type" },
  { name: "Audit log", description: "Who changed what in the organization, for a SIEM (append-only, kept 365 days)" },
];

type ProcedureDef = { _def: { middlewares: readonly unknown[]; output?: z.ZodType } };

/** The routers as /api/v1 answers them: a key-or-session procedure's result in the envelope its v1 step adds. */
function routerAsAnsweredAtV1(): typeof appRouter {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).map(([path, procedure]) =>
    isEnvelopedAtV1(procedure) && procedure._def.output ? [path, { ...procedure, _def: { ...procedure._def, output: v1EnvelopeOf(procedure._def.output) } }] : [path, procedure],
  );
  return { ...appRouter, _def: { ...appRouter._def, procedures: Object.fromEntries(procedures) } } as typeof appRouter;
}

/** Stands for the origin in the document built once; each answer puts the request's origin in its place. */
const ORIGIN_PLACEHOLDER = "https://orbit-origin.invalid";

function buildDocument(): OpenAPIObject {
  const document = generateOpenApiDocument(routerAsAnsweredAtV1(), {
    title: "Orbit API",
    version: "v1",
    description:
      "The public REST API of Orbit. Every request carries `Authorization: Bearer <API key>`. Every response is JSON: " +
      "`{ data, meta, pagination? }` on success and `{ error, message, details?, meta }` on error. Lists are keyset-paginated " +
      "with an opaque `cursor`. A query parameter an operation does not list is a 400 `validation_error` naming it. A known path " +
      "with a method it does not serve is a 405 `method_not_allowed` with `Allow`; `OPTIONS` on a known path is a 204 with `Allow` " +
      "(there are no CORS headers: API keys do not belong in browsers). Use webhooks (see `webhooks`), not polling, to learn about " +
      "new time logs and invoices.",
    contact: { name: "Orbit API", url: `${ORIGIN_PLACEHOLDER}/docs/api` },
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    baseUrl: `${ORIGIN_PLACEHOLDER}/api`,
    securitySchemes: {
      apiKey: { type: "http", scheme: "bearer", bearerFormat: "sk_<64 lowercase hex>", description: "An API key created in the app's settings." },
    },
  }) as OpenAPIObject & { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, unknown>; headers?: Record<string, unknown> } };

  for (const { method, path, meta } of openApiProcedures()) {
    const openApiPath = path.replace(/:(\w+)/g, "{$1}");
    const operation = document.paths[openApiPath]?.[method];
    if (!operation) continue;
    const responses = operation.responses as Record<string, Json>;
    const success = responses["200"]!;
    delete responses["200"];
    const status = String(meta.successStatus ?? 200);
    const isIdempotent = IDEMPOTENT_METHODS.has(method.toUpperCase());
    const successHeaders = isIdempotent ? { ...admittedHeaders, "Idempotent-Replayed": headerRef("Idempotent-Replayed") } : admittedHeaders;
    operation.responses = { [status]: { ...success, description: success.description ?? "Success", headers: successHeaders }, ...errorResponsesFor(method, openApiPath.includes("{")) };
    if (isIdempotent) {
      operation.parameters = [...((operation.parameters as unknown[] | undefined) ?? []), idempotencyKeyParameter];
    }
    operation.description = [meta.openapi?.description, scopeSentence(meta)].filter(Boolean).join("\n\n");
  }
  document.paths["/v1/events/stream"] = { get: eventsStreamOperation() };
  document.servers = [
    {
      url: "{origin}/api",
      description: "This Orbit server",
      variables: { origin: { default: ORIGIN_PLACEHOLDER, description: "The server's public origin (scheme, host and port)" } },
    },
  ];
  document.tags = TAGS;
  document.webhooks = webhookOperations() as OpenAPIObject["webhooks"];
  for (const name of Object.keys(document.components.schemas)) {
    if (name.startsWith("error.")) delete document.components.schemas[name];
  }
  const { $schema: _ignored, ...errorSchema } = z.toJSONSchema(errorEnvelopeSchema, { target: "draft-2020-12" }) as Json;
  document.components.schemas.Error = errorSchema;
  document.components.headers = HEADER_COMPONENTS;
  return document;
}

let template: { json: string } | undefined;

/** The document as JSON, naming `origin` (the origin the caller reached, or APP_URL) as its server. */
export function openApiDocumentJson(origin: string): string {
  template ??= { json: JSON.stringify(buildDocument()) };
  return template.json.replaceAll(ORIGIN_PLACEHOLDER, JSON.stringify(origin).slice(1, -1));
}

export function buildOpenApiDocument(origin: string): OpenAPIObject {
  return JSON.parse(openApiDocumentJson(origin)) as OpenAPIObject;
}
