// Sending with retries: a 429 (after its Retry-After), a 5xx or a network error is sent again with
// exponential backoff and jitter, up to a number of attempts and a total wait. Each POST and PATCH
// carries an Idempotency-Key made once for the call, so its retries are answered, not run, again.
import { randomUUID } from "node:crypto";
import { retryAfterSeconds } from "./errors.js";

export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 never retries). */
  maxAttempts?: number;
  /** The most the retries of one call wait in all, in milliseconds (default 30,000); a Retry-After beyond it is not waited for. */
  maxTotalWaitMs?: number;
  /** The first backoff in milliseconds (default 500), doubled each retry, each wait at most 8 s. */
  baseDelayMs?: number;
}

const MAX_SINGLE_WAIT_MS = 8_000;
const IDEMPOTENT_BY_KEY = new Set(["POST", "PATCH"]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an answer is worth sending again: too many requests, or a server-side failure. */
const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** A fetch that retries as described above; `fetchImpl` sends one attempt. */
export function retryingFetch(fetchImpl: typeof fetch, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 4);
  const maxTotalWaitMs = Math.max(0, options.maxTotalWaitMs ?? 30_000);
  const baseDelayMs = Math.max(0, options.baseDelayMs ?? 500);
  return async (request) => {
    if (IDEMPOTENT_BY_KEY.has(request.method) && !request.headers.has("idempotency-key")) request.headers.set("Idempotency-Key", randomUUID());
    // The body is read once; every attempt sends a copy of the same bytes and headers.
    const body = request.body ? await request.arrayBuffer() : undefined;
    let waited = 0;
    for (let attempt = 1; ; attempt += 1) {
      const isLast = attempt >= maxAttempts;
      let delay = Math.min(MAX_SINGLE_WAIT_MS, baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
      try {
        const response = await fetchImpl(new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }));
        if (isLast || !isRetryableStatus(response.status)) return response;
        const asked = retryAfterSeconds(response.headers.get("retry-after"));
        if (asked !== null) delay = asked * 1000;
        if (waited + delay > maxTotalWaitMs) return response;
        await response.body?.cancel();
      } catch (error) {
        if (isLast || request.signal.aborted || waited + delay > maxTotalWaitMs) throw error;
      }
      await sleep(delay);
      waited += delay;
    }
  };
}
