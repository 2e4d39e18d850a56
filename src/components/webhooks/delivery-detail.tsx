"use client";
// One delivery: what was sent (event body, request headers), every attempt and what it got back, and
// Resend (one manual attempt with the same body and ids, a fresh signature).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CARD, noticeClass } from "@/components/ui/styles";
import { AdminOnly } from "@/components/ui/admin-only";
import { useIsAdmin } from "@/components/ui/use-account";
import { Button, CopyButton, FormError, LocalTime, PageHeader, QueryState, Table, TextField } from "@/components/ui";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { AttemptLog } from "./attempt-log";
import { DeliveryStatus, TestBadge } from "./delivery-status";

/** After Resend, the page looks for the manual attempt this often until it is recorded. */
const AWAIT_ATTEMPT_MS = 1_000;

export function DeliveryDetail({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Webhook delivery" what="manage webhooks" />;
  return <DeliveryView endpointId={endpointId} deliveryId={deliveryId} />;
}

function DeliveryView({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  // Attempts recorded when Resend was pressed: until one more appears, the page polls.
  const [awaitingAfter, setAwaitingAfter] = useState<number | null>(null);
  const delivery = useQuery({
    ...trpc.webhooks.delivery.queryOptions({ id: endpointId, deliveryId }),
    refetchInterval: (query) => (awaitingAfter !== null && (query.state.data?.attempts.length ?? 0) <= awaitingAfter ? AWAIT_ATTEMPT_MS : false),
  });
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: () => {
        setAwaitingAfter(delivery.data?.attempts.length ?? 0);
        return invalidate();
      },
    }),
  );
  const isAwaiting = awaitingAfter !== null && (delivery.data?.attempts.length ?? 0) <= awaitingAfter;
  if (delivery.error && describeError(delivery.error).code === "not_found") {
    return <NotFoundPage what="delivery" back={{ href: `/webhooks/${endpointId}`, label: "Back to the endpoint" }} />;
  }
  return (
    <QueryState query={delivery} loadingLabel="Loading delivery…">
      {(data) => (
        <>
          <p className="text-sm">
            <Link href={`/webhooks/${endpointId}`}>← Endpoint</Link>
          </p>
          <PageHeader
            title={`${data.isTest ? "Test delivery" : "Delivery"} of ${data.eventType}`}
            description={
              <>
                <DeliveryStatus status={data.status} /> {data.isTest && <TestBadge />} to <span className="font-semibold break-words">{data.endpointUrl}</span>
              </>
            }
            actions={
              <Button variant="primary" isPending={resend.isPending} disabled={isAwaiting} onClick={() => resend.mutate({ id: endpointId, deliveryId })}>
                Resend
              </Button>
            }
          />
          {resend.error && <FormError error={describeError(resend.error)} />}
          {isAwaiting && (
            <p role="status" className={noticeClass("info")}>
              Resend queued: one manual attempt is made within seconds.
            </p>
          )}
          <section className={CARD}>
            <dl className="grid grid-cols-[repeat(auto-fit,minmax(130px,1fr))] gap-3 my-4 [&>div]:min-w-0 [&_dt]:text-[0.8rem] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere">
              <div>
                <dt>Delivery id</dt>
                <dd>
                  <code>{data.id}</code>
                </dd>
              </div>
              <div>
                <dt>Event id</dt>
                <dd>
                  <code>{data.eventId}</code>
                </dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>
                  <LocalTime value={data.createdAt} />
                </dd>
              </div>
              <div>
                <dt>Completed</dt>
                <dd>
                  <LocalTime value={data.completedAt} fallback={data.status === "pending" ? "Not yet" : "—"} />
                </dd>
              </div>
            </dl>
          </section>
          <section className="mt-7" aria-labelledby="attempts-heading">
            <h2 id="attempts-heading">Attempts</h2>
            <p className="text-muted-foreground text-sm" data-testid="delivery-attempts">
              {data.attempts.length} {data.attempts.length === 1 ? "attempt" : "attempts"} made.{" "}
              {data.status === "pending" ? (
                <>
                  Next attempt <LocalTime value={data.nextAttemptAt} fallback="soon" />.
                </>
              ) : (
                "No further attempts are scheduled."
              )}
            </p>
            <AttemptLog attempts={data.attempts} isTest={data.isTest} />
          </section>
          <section className="mt-7" aria-labelledby="headers-heading">
            <h2 id="headers-heading">Request headers</h2>
            <Table caption="Request headers sent with each attempt" stacked={false} columns={["Header", "Value"]}>
              <tbody>
                {data.requestHeaders.map((header) => (
                  <tr key={header.name}>
                    <td>
                      <code>{header.name}</code>
                    </td>
                    <td className="text-sm break-all">
                      <code>{header.value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
          <ReplayLocally eventId={data.event.id} eventType={data.event.type} body={JSON.stringify({ id: data.event.id, type: data.event.type, createdAt: data.event.createdAt, data: data.event.data })} />
          <section className="mt-7" aria-labelledby="body-heading">
            <h2 id="body-heading">Event body</h2>
            <pre className="bg-subtle p-3 rounded-lg overflow-auto max-h-[480px] text-[0.85rem] whitespace-pre" tabIndex={0} aria-labelledby="body-heading" data-testid="delivery-body">
              {JSON.stringify({ id: data.event.id, type: data.event.type, createdAt: data.event.createdAt, data: data.event.data }, null, 2)}
            </pre>
          </section>
        </>
      )}
    </QueryState>
  );
}

/** A curl command that posts this event's exact body to a local receiver (unsigned: `npx --no-install orbit listen` signs). */
function curlCommand(url: string, eventId: string, eventType: string, body: string): string {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  return [
    `curl -X POST ${quote(url)}`,
    `-H 'Content-Type: application/json'`,
    `-H ${quote(`X-Service-Event-Id: ${eventId}`)}`,
    `-H ${quote(`X-Service-Event-Type: ${eventType}`)}`,
    `--data-binary ${quote(body)}`,
  ].join(" \\\n  ");
}

function ReplayLocally({ eventId, eventType, body }: { eventId: string; eventType: string; body: string }) {
  const [url, setUrl] = useState("http://localhost:4000/webhooks");
  return (
    <section className="mt-7" aria-labelledby="replay-heading">
      <h2 id="replay-heading">Replay to a local receiver</h2>
      <p className="text-muted-foreground text-sm">
        A curl command that posts this event&apos;s exact body, unsigned. For signed events on your machine, run <code>npx --no-install orbit listen --forward-to {url}</code> where Orbit is installed.
      </p>
      <div className="flex gap-2 items-end flex-wrap">
        <TextField label="Local URL" type="url" value={url} onChange={(event) => setUrl(event.target.value)} />
        <CopyButton value={curlCommand(url, eventId, eventType, body)} label="Copy curl command" />
      </div>
    </section>
  );
}
