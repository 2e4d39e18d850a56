// The v1 edge's Idempotency-Key step (app-api section 13; the claim itself is
// services/idempotency/idempotency-keys.ts, taken by the procedure once the request is admitted):
// before the call, the request as its key identifies it; after it, this request's answer kept for its
// repeats. A repeat's stored answer comes back as a value in the context (`idempotency.replay`).
import type { RequestContext } from "@/server/api/trpc";
import type { JsonAnswer } from "@/server/http/responses";
import { getLogger } from "@/server/operations/logger";
import {
  completeIdempotencyKey,
  IDEMPOTENT_METHODS,
  idempotentRequest,
  releaseIdempotencyKey,
} from "@/server/services/idempotency/idempotency-keys";

/** Marks the request idempotent when its method takes an Idempotency-Key and it sent one (the header is ignored on other methods). */
export function noteIdempotencyKey(context: RequestContext, request: { method: string; pathname: string; headers: Headers }, body: unknown): void {
  const key = IDEMPOTENT_METHODS.has(request.method) ? request.headers.get("idempotency-key") : null;
  if (key !== null) context.idempotency = { request: idempotentRequest(key, request.method, request.pathname, body) };
}

/**
 * Keeps the answer of a request that claimed an Idempotency-Key (`claim`) for its repeats, or gives the
 * key back when the failure was the server's (5xx), so a retry runs again. Never fails the response itself.
 */
export async function settleIdempotencyKey(context: RequestContext, claim: { id: string; organizationId: string }, answer: JsonAnswer): Promise<void> {
  try {
    if (answer.status >= 500) await releaseIdempotencyKey(context.db, claim.organizationId, claim.id);
    else await completeIdempotencyKey(context.db, claim.organizationId, claim.id, answer.status, answer.json);
  } catch (error) {
    // The claim stays running until it counts as abandoned; the response still goes out.
    getLogger().error({ err: error }, "idempotency key not settled");
  }
}
