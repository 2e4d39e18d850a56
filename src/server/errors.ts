// One error type for the whole domain. Services throw AppError; each edge maps it once through the
// contract table below (HTTP status, tRPC code, what the public API document says). Anything else is
// an internal error.
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { getLogger } from "@/server/operations/logger";

interface ErrorContract {
  status: number;
  /** The tRPC code, and so the status at /api/trpc. */
  trpc: TRPC_ERROR_CODE_KEY;
  /** When it happens, as the OpenAPI document and the error schema tell integrators. */
  meaning: string;
  /** Always carries `Retry-After` (seconds): built only through `rateLimited` / `serviceUnavailable`. */
  hasRetryAfter?: true;
}

/** The contract's stable error codes: every edge, the tRPC formatter, the error schema and the document read this table. */
export const ERROR_CONTRACT = {
  validation_error: { status: 400, trpc: "BAD_REQUEST", meaning: "the body, query or cursor failed validation, or the query names a parameter the operation does not accept; one details entry per invalid field or unknown parameter" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED", meaning: "missing or malformed credentials, or an invalid, revoked or expired key or session" },
  plan_required: { status: 402, trpc: "PAYMENT_REQUIRED", meaning: "the organization's plan does not include custom integrations" },
  forbidden: { status: 403, trpc: "FORBIDDEN", meaning: "the key lacks a required scope (details[0].field is `permission`), or a role or origin is not allowed" },
  not_found: { status: 404, trpc: "NOT_FOUND", meaning: "no such resource in the caller's organization" },
  method_not_allowed: { status: 405, trpc: "METHOD_NOT_SUPPORTED", meaning: "the path exists but not with this method; `Allow` names the methods it has" },
  conflict: { status: 409, trpc: "CONFLICT", meaning: "the request conflicts with existing state" },
  payload_too_large: { status: 413, trpc: "PAYLOAD_TOO_LARGE", meaning: "the body exceeds 1 MiB" },
  rate_limit_exceeded: { status: 429, trpc: "TOO_MANY_REQUESTS", hasRetryAfter: true, meaning: "the key exceeded its hourly limit, too many of the caller's requests are waiting or running at once, or a login, signup or feed limit was reached; Retry-After gives the seconds to wait" },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR", meaning: "unexpected error; the message is generic and nothing internal is exposed" },
  service_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE", hasRetryAfter: true, meaning: "the database does not answer, migrations are pending, the server is stopping or too busy; Retry-After gives the seconds to wait" },
} as const satisfies Record<string, ErrorContract>;

export type ErrorCode = keyof typeof ERROR_CONTRACT;

/** Every code, in the table's order: /api/v1 may answer each (its error schema's enum lists them all). */
export const ERROR_CODES = Object.keys(ERROR_CONTRACT) as [ErrorCode, ...ErrorCode[]];

export interface ErrorDetail {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; cause?: unknown; headers?: Record<string, string> } = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_CONTRACT[this.code].status;
  }
}

export const validationError = (field: string, message: string) =>
  new AppError("validation_error", `${field}: ${message}`, { details: [{ field, message }] });

/** 400 listing every invalid field at once, summed up in the message. */
export function invalidFields(details: ErrorDetail[]): AppError {
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join("; ");
  return new AppError("validation_error", `Invalid request: ${summary}`, { details });
}

/** What an id in a request body may point at. */
export type ReferenceKind = "task" | "customer" | "project" | "member";

/**
 * The one wording for an id in a body that is not one of the caller's organization: unknown and foreign
 * alike (a 400 naming the field, contract 4.2 rule 3; never a 404, never a hint that it exists elsewhere).
 */
export const unknownReference = (field: string, kind: ReferenceKind): ErrorDetail => ({ field, message: `no ${kind} with this id in your organization` });

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

const retryAfterHeader = (seconds: number) => ({ "retry-after": String(Math.max(1, Math.ceil(seconds))) });

/** 429: a limit was reached; the client may retry after `seconds`. */
export const rateLimited = (seconds: number, message: string) => new AppError("rate_limit_exceeded", message, { headers: retryAfterHeader(seconds) });

/** 503: the service cannot take this now (database, shutdown, load); the client may retry after `seconds`. */
export const serviceUnavailable = (seconds: number, message = "The service is briefly unavailable; try again in a moment.") =>
  new AppError("service_unavailable", message, { headers: retryAfterHeader(seconds) });

export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

function isIssueList(value: unknown): value is { issues: ValidationIssue[] } {
  return Array.isArray((value as { issues?: unknown } | null)?.issues);
}

/**
 * One `details` entry per invalid field (the first issue of each); `field` is the dotted path. A list's
 * `cursor` comes first: the contract (4.1) names a bad cursor's entry as `details[0]`.
 */
export function detailsOfIssues(issues: readonly ValidationIssue[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (details.some((detail) => detail.field === field)) continue;
    if (field === "cursor") details.unshift({ field, message: issue.message });
    else details.push({ field, message: issue.message });
  }
  return details;
}

export const validationErrorFromIssues = (issues: readonly ValidationIssue[]) => invalidFields(detailsOfIssues(issues));

/** The schema's issues of a procedure's refused input (tRPC reports it as BAD_REQUEST caused by the zod error); undefined for any other failure. */
export function inputIssuesOf(error: unknown): readonly ValidationIssue[] | undefined {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === "BAD_REQUEST" && isIssueList(cause) ? cause.issues : undefined;
}

/** Client errors tRPC raises itself (routing, parsing), by its error code. */
const clientErrorsByTrpcCode: Record<string, () => AppError> = {
  BAD_REQUEST: () => new AppError("validation_error", "Invalid request."),
  PARSE_ERROR: () => new AppError("validation_error", "Request body is not valid JSON.", { details: [{ field: "body", message: "must be valid JSON" }] }),
  UNSUPPORTED_MEDIA_TYPE: () => new AppError("validation_error", "Request body must be JSON.", { details: [{ field: "body", message: "must be JSON" }] }),
  NOT_FOUND: () => new AppError("not_found", "No such route."),
  METHOD_NOT_SUPPORTED: () => new AppError("not_found", "No such route."),
  PAYLOAD_TOO_LARGE: () => new AppError("payload_too_large", "Request body exceeds 1 MiB."),
};

const UNAVAILABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "ECONNREFUSED", "ECONNRESET", "EPIPE"]);
const UNAVAILABLE_MESSAGE = /terminating connection|connection terminated|connection error and is not queryable|can't reach database server|server closed the connection/i;

/** The database connection failed (a restart, a failover, a dropped connection): not a bug, and retryable. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** PostgreSQL cancelled a statement that ran past `statement_timeout` (SQLSTATE 57014). */
function isStatementTimeout(error: unknown): boolean {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { code?: unknown } } } } | undefined)?.meta;
  if (meta?.driverAdapterError?.cause?.code === "57014") return true;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && /canceling statement due to statement timeout/.test(message);
}

/**
 * Turns anything thrown into an AppError. Unexpected errors become a generic internal_error and,
 * unless `log` is false (for a second look at an error already handled), are logged with their cause.
 */
export function toAppError(error: unknown, options: { log?: boolean } = {}): AppError {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof AppError) return cause;
  const code = (error as { code?: unknown } | undefined)?.code;
  const inputIssues = inputIssuesOf(error);
  if (inputIssues) return validationErrorFromIssues(inputIssues);
  if (isIssueList(error) && (error as unknown as Error).name === "ZodError") return validationErrorFromIssues(error.issues);
  if (typeof code === "string" && error instanceof Error && error.name === "TRPCError" && clientErrorsByTrpcCode[code]) return clientErrorsByTrpcCode[code]();
  if (isStatementTimeout(error)) {
    if (options.log !== false) getLogger().warn("statement timeout");
    return serviceUnavailable(1, "The request took too long and was stopped; try again, or narrow it.");
  }
  if (isDatabaseUnavailable(error)) {
    if (options.log !== false) getLogger().warn({ reason: (error as Error).message?.split("\n").at(-1)?.slice(0, 200) }, "database unavailable");
    return serviceUnavailable(1);
  }
  if (options.log !== false) getLogger().error({ err: error }, "unexpected error");
  return new AppError("internal_error", "An unexpected error occurred.");
}
