"use client";
// The webhooks console: endpoints with their state and last 24 hours, and Add endpoint.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { noticeClass } from "@/components/ui/styles";
import { AdminOnly } from "@/components/ui/admin-only";
import { useIsAdmin, useIsPro } from "@/components/ui/use-account";
import { Button, EmptyState, FormDialog, NumberCell, PageHeader, QueryState, Table } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { EndpointForm } from "./endpoint-form";
import { deliveriesSentence, EndpointStatus } from "./endpoint-status";
import { Notices } from "./notices";
import { WebhooksNavigation } from "./webhooks-navigation";

export function WebhooksPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Webhooks" what="manage webhooks" />;
  return <EndpointList />;
}

function EndpointList() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  const isPro = useIsPro();
  const endpoints = useQuery(trpc.webhooks.overview.queryOptions());
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: invalidate }));

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Orbit signs each event and sends it to the endpoints subscribed to its type, retrying failed attempts with growing delays."
        actions={
          isPro ? (
            <FormDialog title="Add endpoint" trigger={<Button variant="primary">Add endpoint</Button>}>
              <EndpointForm submitLabel="Add endpoint" onSubmit={(draft) => create.mutateAsync(draft)} />
            </FormDialog>
          ) : undefined
        }
      />
      <WebhooksNavigation current="endpoints" />
      {!isPro && (
        <p className={noticeClass("info")}>
          Adding webhook endpoints needs the Pro plan (custom integrations). Switch plans in <Link href="/settings">Settings</Link>; existing endpoints stay manageable on any plan.
        </p>
      )}
      <QueryState
        query={endpoints}
        isEmpty={(rows) => rows.length === 0}
        loadingLabel="Loading endpoints…"
        empty={<EmptyState title="No endpoints yet.">Add an endpoint to receive time_log.created and invoice.created events.</EmptyState>}
      >
        {(rows) => (
          <Table caption="Webhook endpoints" columns={["URL", "Health", "Deliveries in 24 h", { numeric: "Consecutive failed deliveries" }, "Event types"]}>
            <tbody>
              {rows.map((endpoint) => (
                <tr key={endpoint.id}>
                  <td className="min-w-52 [&_a]:wrap-anywhere">
                    <Link className="font-semibold break-words" href={`/webhooks/${endpoint.id}`}>
                      {endpoint.url}
                    </Link>
                    {endpoint.description && <div className="text-sm text-muted-foreground">{endpoint.description}</div>}
                  </td>
                  <td className="min-w-52 [&_a]:wrap-anywhere" data-label="Health">
                    <EndpointStatus endpoint={endpoint} />
                  </td>
                  <td className="text-sm" data-testid="endpoint-last24h" data-label="Deliveries in 24 h">
                    {deliveriesSentence(endpoint.health)}
                  </td>
                  <NumberCell label="Consecutive failed deliveries">{endpoint.health.consecutiveFailures}</NumberCell>
                  <td className="text-sm" data-label="Event types">{endpoint.eventTypes.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </QueryState>
      <Notices />
    </>
  );
}
