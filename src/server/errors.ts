// One error type for the whole domain. Services throw AppError; each edge maps it once with
// `errorStatus` and the envelope builder. Anything else is an internal error.
import { getLogger } from "@/server/operations/logger";

export type ErrorCode = keyof typeof errorStatus;

/** The contract's stable error codes and their HTTP statuses. */
export const errorStatus = {
  /** Body, query or cursor failed validation; one `details` entry per invalid field. */
  validation_error: 400,
  /** Missing or malformed credentials, or an invalid, revoked or expired key or session. */
  unauthorized: 401,
  /** The organization's current plan lacks the capability the route needs. */
  plan_required: 402,
  /** Authenticated but not allowed: a missing scope or role, or a cross-origin request. */
  forbidden: 403,
  /** The resource does not exist in the caller's organization. */
  not_found: 404,
  /** The route exists but not with this HTTP method; `Allow` names the methods it has. */
  method_not_allowed: 405,
  /** The request conflicts with existing state (a taken email, a timer already running). */
  conflict: 409,
  /** The request body is over the size limit. */
  payload_too_large: 413,
  /** The key exceeded its hourly limit. */
  rate_limit_exceeded: 429,
  /** Anything unexpected; the message is generic and nothing internal is exposed. */
  internal_error: 500,
  /** Not ready to serve: the database does not answer, migrations are pending or the server is stopping. */
  service_unavailable: 503,
} as const;

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
    return errorStatus[this.code];
  }
}

export const validationError = (field: string, message: string) =>
  new AppError("validation_error", `${field}: ${message}`, { details: [{ field, message }] });

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

function isIssueList(value: unknown): value is { issues: ValidationIssue[] } {
  return Array.isArray((value as { issues?: unknown } | null)?.issues);
}

/** One `details` entry per invalid field (the first issue of each); `field` is the dotted path. */
export function validationErrorFromIssues(issues: readonly ValidationIssue[]): AppError {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!details.some((detail) => detail.field === field)) details.push({ field, message: issue.message });
  }
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join("; ");
  return new AppError("validation_error", `Invalid request: ${summary}`, { details });
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

/**
 * Turns anything thrown into an AppError. Unexpected errors become a generic internal_error and,
 * unless `log` is false (for a second look at an error already handled), are logged with their cause.
 */
export function toAppError(error: unknown, options: { log?: boolean } = {}): AppError {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof AppError) return cause;
  const code = (error as { code?: unknown } | undefined)?.code;
  // tRPC reports input validation as BAD_REQUEST caused by the zod error.
  if (code === "BAD_REQUEST" && isIssueList(cause)) return validationErrorFromIssues(cause.issues);
  if (isIssueList(error) && (error as unknown as Error).name === "ZodError") return validationErrorFromIssues(error.issues);
  if (typeof code === "string" && error instanceof Error && error.name === "TRPCError" && clientErrorsByTrpcCode[code]) return clientErrorsByTrpcCode[code]();
  if (options.log !== false) getLogger().error({ err: error }, "unexpected error");
  return new AppError("internal_error", "An unexpected error occurred.");
}
