"use client";
// A delivery's attempts, oldest first, as a timeline: when, automatic (made on the retry schedule;
// the API calls that trigger `scheduled`, but an attempt shown here was already sent) or manual
// (Resend, Recover), what came back (status or the network error), how long it took, and the response body kept (1 KB).
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { EmptyState, LocalTime } from "@/components/ui";
import type { AttemptView } from "@/server/contract/webhook-delivery";
import { TestBadge } from "./delivery-status";

const isSuccess = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode <= 299;

function formatDuration(milliseconds: number): string {
  return milliseconds < 1_000 ? `${milliseconds} ms` : `${(milliseconds / 1_000).toFixed(milliseconds < 10_000 ? 2 : 1)} s`;
}

/** `isTest`: the attempts of a test event's delivery, each marked Test. */
export function AttemptLog({ attempts, isTest = false }: { attempts: AttemptView[]; isTest?: boolean }) {
  if (attempts.length === 0) return <EmptyState title="Not attempted yet.">The first attempt is made as soon as a worker is free.</EmptyState>;
  return (
    <ol className="list-none mt-3 mb-0 p-0 pl-[18px] border-l-2 border-border grid gap-3.5" aria-label="Attempts, oldest first">
      {attempts.map((attempt) => {
        const outcome = attempt.statusCode === null ? "No response" : `HTTP ${attempt.statusCode}`;
        return (
          <li key={attempt.id} className={cn("relative rounded-card border border-border bg-surface px-3.5 py-2.5 before:absolute before:-left-[26px] before:top-3.5 before:size-3 before:rounded-full before:border-2 before:border-surface [&_details]:mt-1.5", isSuccess(attempt.statusCode) ? "before:bg-success" : "before:bg-danger")} data-testid="attempt">
            <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
              <strong>Attempt {attempt.number}</strong>
              <Badge tone={attempt.trigger === "manual" ? "warning" : "neutral"}>{attempt.trigger === "manual" ? "Manual" : "Automatic"}</Badge>
              <Badge tone={isSuccess(attempt.statusCode) ? "success" : "danger"}>{outcome}</Badge>
              {isTest && <TestBadge />}
              <span className="text-muted-foreground text-sm">
                <LocalTime value={attempt.startedAt} /> · {formatDuration(attempt.durationMs)}
              </span>
            </div>
            {attempt.error && <p className="text-sm mt-1.5 mb-0 wrap-anywhere">{attempt.error}</p>}
            <HeaderList title="Request headers" headers={attempt.requestHeaders} />
            <HeaderList title="Response headers" headers={attempt.responseHeaders} />
            {attempt.responseBody && (
              <details>
                <summary className="text-sm">Response body</summary>
                <pre className="bg-subtle p-3 rounded-lg overflow-auto max-h-[480px] text-[0.85rem] whitespace-pre">{attempt.responseBody}</pre>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The headers an attempt was sent with, or the answer's, folded away until opened. */
function HeaderList({ title, headers }: { title: string; headers: { name: string; value: string }[] | null }) {
  if (!headers?.length) return null;
  return (
    <details>
      <summary className="text-sm">{title}</summary>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-[0.85rem] font-mono [&_dd]:m-0 [&_dd]:break-all">
        {headers.map((header, index) => (
          <div key={`${header.name}-${index}`} className="contents">
            <dt className="text-muted-foreground">{header.name}</dt>
            <dd>{header.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
