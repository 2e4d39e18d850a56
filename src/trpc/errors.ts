// Turns whatever a tRPC call rejected with into what the pages show: the contract's error code,
// a sentence, and one line per invalid field.
import { TRPCClientError } from "@trpc/client";

export interface FieldProblem {
  field: string;
  message: string;
}

export interface DisplayError {
  /** The contract's code (`conflict`, `unauthorized`, ...), or `network_error` when the server was unreachable. */
  code: string;
  message: string;
  details: FieldProblem[];
}

interface ErrorData {
  appCode?: unknown;
  details?: unknown;
  code?: unknown;
}

function isFieldProblem(value: unknown): value is FieldProblem {
  const candidate = value as Partial<FieldProblem> | null;
  return typeof candidate?.field === "string" && typeof candidate.message === "string";
}

/** Input validation reaches the client as tRPC's BAD_REQUEST whose message is the list of zod issues. */
function issuesFromMessage(message: string): FieldProblem[] | null {
  if (!message.trimStart().startsWith("[")) return null;
  try {
    const issues: unknown = JSON.parse(message);
    if (!Array.isArray(issues)) return null;
    const problems: FieldProblem[] = [];
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue?.message !== "string") return null;
      const field = Array.isArray(issue.path) && issue.path.length ? issue.path.map(String).join(".") : "input";
      if (!problems.some((problem) => problem.field === field)) problems.push({ field, message: issue.message });
    }
    return problems;
  } catch {
    return null;
  }
}

export const UNREACHABLE_MESSAGE = "The server could not be reached. Check your connection and try again.";

/** An in-app route's error envelope (`{ error, message, details }`), read outside tRPC; `fallback` where the body has no message. */
export function envelopeErrorOf(body: unknown, fallback: string): DisplayError {
  const envelope = body as { error?: unknown; message?: unknown; details?: unknown } | null | undefined;
  return {
    code: typeof envelope?.error === "string" ? envelope.error : "internal_error",
    message: typeof envelope?.message === "string" ? envelope.message : fallback,
    details: Array.isArray(envelope?.details) ? envelope.details.filter(isFieldProblem) : [],
  };
}

/** The HTTP edge answers some refusals (a cross-origin request) with the app's envelope, not tRPC's shape. */
function envelopeOf(meta: Record<string, unknown> | undefined): DisplayError | null {
  const body = meta?.responseJSON as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error !== "string" || typeof body.message !== "string") return null;
  return envelopeErrorOf(body, body.message);
}

/** An in-app route's error envelope read outside tRPC (a file upload): already in the pages' words. */
export class EnvelopeError extends Error {
  constructor(readonly display: DisplayError) {
    super(display.message);
  }
}

export function describeError(error: unknown): DisplayError {
  if (error instanceof EnvelopeError) return error.display;
  if (!(error instanceof TRPCClientError)) {
    return { code: "internal_error", message: "Something went wrong. Please try again.", details: [] };
  }
  const data = (error.data ?? {}) as ErrorData;
  if (typeof data.appCode === "string") {
    return { code: data.appCode, message: error.message, details: Array.isArray(data.details) ? data.details.filter(isFieldProblem) : [] };
  }
  const issues = issuesFromMessage(error.message);
  if (issues) return { code: "validation_error", message: "Some fields need attention.", details: issues };
  const envelope = envelopeOf(error.meta);
  if (envelope) return envelope;
  if (data.code === undefined && error.meta === undefined) {
    // No response at all: the request never reached the server.
    return { code: "network_error", message: UNREACHABLE_MESSAGE, details: [] };
  }
  return { code: "internal_error", message: "Something went wrong on our side. Please try again.", details: [] };
}
