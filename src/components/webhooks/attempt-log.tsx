"use client";
// A delivery's attempts, oldest first, as a timeline: when, scheduled or manual (Resend, Recover),
// what came back (status or the network error), how long it took, and the response body kept (1 KB).
import { EmptyState, LocalTime } from "@/components/ui";
import type { AttemptView } from "@/server/contract/webhook-delivery";


const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode <= 299;

function formatDuration(milliseconds: number): string {
  return milliseconds < 1_000 ? `${milliseconds} ms` : `${(milliseconds / 1_000).toFixed(milliseconds < 10_000 ? 2 : 1)} s`;
}

export function AttemptLog({ attempts }: { attempts: AttemptView[] }) {
  if (attempts.length === 0) return <EmptyState title="Not attempted yet.">The first attempt is made as soon as a worker is free.</EmptyState>;
  return (
    <ol className="attempt-log" aria-label="Attempts, oldest first">
      {attempts.map((attempt) => {
        const outcome = attempt.statusCode === null ? "No response" : `HTTP ${attempt.statusCode}`;
        return (
          <li key={attempt.id} className={`attempt attempt-${isSuccess(attempt.statusCode) ? "ok" : "failed"}`} data-testid="attempt">
            <div className="attempt-head">
              <strong>Attempt {attempt.number}</strong>
              <span className={`badge badge-${attempt.trigger}`}>{attempt.trigger === "manual" ? "Manual" : "Scheduled"}</span>
              <span className={`badge badge-${isSuccess(attempt.statusCode) ? "success" : "failed"}`}>{outcome}</span>
              <span className="muted small">
                <LocalTime value={attempt.startedAt} /> · {formatDuration(attempt.durationMs)}
              </span>
            </div>
            {attempt.error && <p className="small attempt-error">{attempt.error}</p>}
            {attempt.responseBody && (
              <details>
                <summary className="small">Response body</summary>
                <pre className="code-block small">{attempt.responseBody}</pre>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
