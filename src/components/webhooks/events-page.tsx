"use client";
// Webhooks → Events: every event of the organization with where it went, by type, delivery status or
// an id (the delivery a customer asks about, found in seconds).
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { TOOLBAR } from "@/components/ui/styles";
import { AdminOnly } from "@/components/ui/admin-only";
import { useIsAdmin } from "@/components/ui/use-account";
import { EmptyState, LocalTime, PagedQueryState, PageHeader, SelectField, Table, TextField } from "@/components/ui";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { DELIVERY_STATUS_LABELS, DeliveryStatus, TestBadge } from "./delivery-status";
import { WebhooksNavigation } from "./webhooks-navigation";

export function WebhookEventsPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Webhook events" what="see webhook events" />;
  return <EventList />;
}

function EventList() {
  const trpc = useTRPC();
  const [type, setType] = useState<"" | (typeof EVENT_TYPES)[number]>("");
  const [status, setStatus] = useState<"" | keyof typeof DELIVERY_STATUS_LABELS>("");
  const [search, setSearch] = useState("");
  const events = useInfiniteQuery(
    trpc.webhooks.events.infiniteQueryOptions({ type: type || undefined, status: status || undefined, search: search.trim() || undefined, limit: PAGE_SIZE.deliveries }, pagedByCursor),
  );
  const isFiltered = Boolean(type || status || search.trim());
  return (
    <>
      <PageHeader title="Webhook events" description="Every event Orbit sent or will send, newest first, with the endpoints it went to." />
      <WebhooksNavigation current="events" />
      <div className={TOOLBAR}>
        <SelectField label="Event type" value={type} onChange={(event) => setType(event.target.value as typeof type)} options={[{ value: "", label: "All" }, ...EVENT_TYPES.map((value) => ({ value, label: value }))]} />
        <SelectField
          label="Delivery status"
          value={status}
          onChange={(event) => setStatus(event.target.value as typeof status)}
          options={[{ value: "", label: "All" }, ...Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <TextField label="Find by event or delivery id" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="evt_… or dlv_…" />
      </div>
      <PagedQueryState
        query={events}
        loadingLabel="Loading events…"
        empty={<EmptyState title={isFiltered ? "No events match these filters." : "No events yet."}>Events appear here when time logs and invoices are created.</EmptyState>}
      >
        {(list) => (
          <Table caption="Webhook events, newest first" columns={["Created", "Event", "Deliveries"]}>
            <tbody>
              {list.map((event) => (
                <tr key={event.id}>
                  <td className="whitespace-nowrap">
                    <LocalTime value={event.createdAt} />
                  </td>
                  <td data-label="Event">
                    {/* One block, so a phone's card keeps the id whole beside the column's name. */}
                    <div className="min-w-0">
                      <div className="font-semibold">
                        {event.type}
                        {event.isTest && <TestBadge />}
                      </div>
                      <code className="text-sm break-all">{event.id}</code>
                    </div>
                  </td>
                  <td data-label="Deliveries" className="text-sm">
                    {event.deliveries.length === 0 ? (
                      <span className="text-muted-foreground">No endpoint was subscribed.</span>
                    ) : (
                      <ul className="list-none m-0 p-0 grid gap-1">
                        {event.deliveries.map((delivery) => (
                          <li key={delivery.id} className="flex flex-wrap gap-2 items-center">
                            <DeliveryStatus status={delivery.status} />
                            <Link className="break-all" href={`/webhooks/${delivery.endpointId}/deliveries/${delivery.id}`} aria-label={`Delivery ${delivery.id} to ${delivery.endpointUrl}`}>
                              {delivery.endpointUrl}
                            </Link>
                            <span className="text-muted-foreground">
                              {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
                              {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </>
  );
}
