"use client";
// One delivery: what was sent (event body, request headers) and what came back, as far as the
// server records it today (the last attempt).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { AdminOnly } from "@/components/invoices/admin-only";
import { useIsAdmin } from "@/components/shell/use-account";
import { LocalTime, PageHeader, QueryState, Table } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { DeliveryStatus, lastResponse } from "./delivery-status";

export function DeliveryDetail({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Webhook delivery" what="manage webhooks" />;
  return <DeliveryView endpointId={endpointId} deliveryId={deliveryId} />;
}

function DeliveryView({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const trpc = useTRPC();
  const delivery = useQuery(trpc.webhooks.delivery.queryOptions({ id: endpointId, deliveryId }));
  return (
    <QueryState query={delivery} loadingLabel="Loading delivery…">
      {(data) => (
        <>
          <p className="small">
            <Link href={`/webhooks/${endpointId}`}>← Endpoint</Link>
          </p>
          <PageHeader
            title={`Delivery of ${data.eventType}`}
            description={
              <>
                <DeliveryStatus status={data.status} /> to <span className="cell-link">{data.endpointUrl}</span>
              </>
            }
            actions={null /* SECTION 8: "Resend" goes here. */}
          />
          <section className="card">
            <dl className="invoice-meta">
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
          <section className="section" aria-labelledby="attempts-heading">
            <h2 id="attempts-heading">Attempts</h2>
            {/* SECTION 8: replace with the attempt log (time, trigger, status, duration, response or error per attempt). */}
            <Table caption="Attempts so far" stacked={false}>
              <tbody>
                <tr>
                  <th scope="row">Attempts made</th>
                  <td data-testid="delivery-attempts">{data.attempts} of 5</td>
                </tr>
                <tr>
                  <th scope="row">Last attempt</th>
                  <td>
                    <LocalTime value={data.lastAttemptAt} fallback="Not attempted yet" />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Last response</th>
                  <td data-testid="delivery-last-response">{lastResponse(data)}</td>
                </tr>
                <tr>
                  <th scope="row">Next attempt</th>
                  <td>
                    <LocalTime value={data.nextAttemptAt} fallback="None: the delivery is finished" />
                  </td>
                </tr>
              </tbody>
            </Table>
          </section>
          <section className="section" aria-labelledby="headers-heading">
            <h2 id="headers-heading">Request headers</h2>
            <Table caption="Request headers sent with each attempt" stacked={false}>
              <thead>
                <tr>
                  <th scope="col">Header</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {data.requestHeaders.map((header) => (
                  <tr key={header.name}>
                    <td>
                      <code>{header.name}</code>
                    </td>
                    <td className="small break-all">
                      <code>{header.value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
          <section className="section" aria-labelledby="body-heading">
            <h2 id="body-heading">Event body</h2>
            <pre className="code-block" tabIndex={0} aria-labelledby="body-heading" data-testid="delivery-body">
              {JSON.stringify({ id: data.event.id, type: data.event.type, createdAt: data.event.createdAt, data: data.event.data }, null, 2)}
            </pre>
          </section>
        </>
      )}
    </QueryState>
  );
}
