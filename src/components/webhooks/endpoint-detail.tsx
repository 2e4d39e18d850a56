"use client";
// One endpoint: its state and last 24 hours, its secret (hidden until revealed, rotated with an
// overlap), edit, enable or disable, test, recover, delete, and its deliveries.
import { NotFoundPage } from "@/components/shell/not-found-page";
import { CARD, TOOLBAR, noticeClass } from "@/components/ui/styles";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { AdminOnly } from "@/components/ui/admin-only";
import { useIsAdmin } from "@/components/ui/use-account";
import { Button, ConfirmDialog, CopyButton, EmptyState, ErrorState, FormDialog, FormError, LoadingState, LocalTime, PagedQueryState, PageHeader, SelectField, Table, TextField } from "@/components/ui";
import { describeError } from "@/trpc/errors";
import { formatTime } from "@/lib/time-format";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { DELIVERY_STATUS_LABELS, DeliveryStatus, lastResponse, TestBadge } from "./delivery-status";
import { EndpointForm } from "./endpoint-form";
import { RecoverDialog, RotateSecretDialog, SendTestEventDialog } from "./endpoint-operations";
import { deliveriesSentence, EndpointStatus } from "./endpoint-status";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES, MAX_ATTEMPTS } from "@/server/webhooks/state";

/** The console follows deliveries as they happen without a click. */
const LIVE_REFRESH_MS = 15_000;

type StatusFilter = "" | "failed,pending" | keyof typeof DELIVERY_STATUS_LABELS;

const ratePercent = (rate: number | null) => (rate === null ? "no attempts" : `${Math.round(rate * 1000) / 10}%`);

/** Attempts per hour over the last 24 hours by outcome; the figures are also read out as a list. */
function AttemptsChart({ hours }: { hours: { hour: string; success: number; failed: number }[] }) {
  const data = hours.map((hour) => ({ ...hour, label: formatTime(hour.hour) }));
  const total = hours.reduce((sum, hour) => sum + hour.success + hour.failed, 0);
  const failed = hours.reduce((sum, hour) => sum + hour.failed, 0);
  return (
    <section className="mt-7" aria-labelledby="attempts-chart-heading">
      <h2 id="attempts-chart-heading">Attempts per hour</h2>
      <p className="text-sm text-muted-foreground">
        {total} {total === 1 ? "attempt" : "attempts"} in the last 24 hours, {failed} failed.
      </p>
      <div className="h-[200px] w-full min-w-0 [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border" role="img" aria-label={`Attempts per hour over the last 24 hours: ${total - failed} succeeded, ${failed} failed`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" interval={5} tickLine={false} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
            <Tooltip />
            <Bar dataKey="success" name="Succeeded" stackId="attempts" fill="var(--color-success)" />
            <Bar dataKey="failed" name="Failed" stackId="attempts" fill="var(--color-danger)" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

export function EndpointDetail({ id }: { id: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Webhook endpoint" what="manage webhooks" />;
  return <EndpointConsole id={id} />;
}

function EndpointConsole({ id }: { id: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("webhooks");
  const query = useQuery({ ...trpc.webhooks.get.queryOptions({ id }), refetchInterval: LIVE_REFRESH_MS, retry: (count, error) => describeError(error).code !== "not_found" && count < 2 });
  const endpoint = query.data;
  const [isSecretShown, setIsSecretShown] = useState(false);
  // The secret is not in the polled read: it is fetched when revealed or copied, and dropped when hidden.
  const secretOptions = trpc.webhooks.secret.queryOptions({ id });
  const secret = useQuery({ ...secretOptions, enabled: isSecretShown });
  const readSecret = async () => (await queryClient.fetchQuery(secretOptions)).secret;
  function toggleSecret() {
    if (isSecretShown) queryClient.removeQueries({ queryKey: secretOptions.queryKey });
    setIsSecretShown(!isSecretShown);
  }
    const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: invalidate }));
  // Enable/disable is its own mutation, so its pending state and error are not the edit form's.
  const setActive = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: invalidate }));
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        router.push("/webhooks");
        await invalidate();
      },
    }),
  );

  if (query.isPending) return <LoadingState label="Loading endpoint…" />;
  if (query.error && describeError(query.error).code !== "not_found") return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!endpoint) {
    return <NotFoundPage what="endpoint" back={{ href: "/webhooks", label: "Back to Webhooks" }} />;
  }

  return (
    <>
      <p className="text-sm">
        <Link href="/webhooks">← Webhooks</Link>
      </p>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="font-semibold break-words">{endpoint.url}</span>}
        actions={
          <>
            <FormDialog title="Edit endpoint" trigger={<Button>Edit endpoint</Button>}>
              <EndpointForm endpoint={endpoint} submitLabel="Save changes" onSubmit={(draft) => update.mutateAsync({ id, ...draft })} />
            </FormDialog>
            <Button isPending={setActive.isPending} onClick={() => setActive.mutate({ id, isActive: !endpoint.isActive })}>
              {endpoint.isActive ? "Disable endpoint" : "Enable endpoint"}
            </Button>
            {endpoint.isActive && (
              <>
                <SendTestEventDialog endpointId={id} />
                <RecoverDialog endpointId={id} />
              </>
            )}
            <ConfirmDialog
              title="Delete this endpoint?"
              description="Its delivery log goes with it, and events are no longer sent to it. This cannot be undone."
              confirmLabel="Delete endpoint"
              trigger={<Button variant="danger">Delete endpoint</Button>}
              onConfirm={() => remove.mutateAsync({ id })}
            />
          </>
        }
      />
      {setActive.error && <FormError error={describeError(setActive.error)} />}
      <section className={CARD}>
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(130px,1fr))] gap-3 my-4 [&>div]:min-w-0 [&_dt]:text-[0.8rem] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere">
          <div>
            <dt>Health</dt>
            <dd>
              <EndpointStatus endpoint={endpoint} />
            </dd>
          </div>
          <div>
            <dt>Event types</dt>
            <dd>{endpoint.eventTypes.join(", ")}</dd>
          </div>
          <div>
            <dt>Consecutive failed deliveries</dt>
            <dd data-testid="endpoint-consecutive-failures">
              {endpoint.health.consecutiveFailures}
              <span className="block text-[0.8rem] font-normal text-muted-foreground">Deliveries that failed all {MAX_ATTEMPTS} attempts since the last success; {DISABLE_AFTER_CONSECUTIVE_FAILURES} disable the endpoint.</span>
            </dd>
          </div>
          <div>
            <dt>Deliveries in 24 h</dt>
            <dd data-testid="endpoint-deliveries">{deliveriesSentence(endpoint.health)}</dd>
          </div>
          <div>
            <dt>Attempts in 24 h</dt>
            <dd data-testid="endpoint-stats">
              {endpoint.health.attempts24h} made · {endpoint.health.failedAttempts24h} failed
            </dd>
          </div>
          <div>
            <dt>Attempts succeeded</dt>
            <dd data-testid="endpoint-success-rates">
              {ratePercent(endpoint.health.successRate24h)} in 24 h · {ratePercent(endpoint.health.successRate7d)} in 7 days
            </dd>
          </div>
          <div>
            <dt>Last attempt</dt>
            <dd data-testid="endpoint-last-attempt">
              {endpoint.health.lastAttemptAt ? (
                <>
                  {endpoint.health.lastAttemptSucceeded ? "Succeeded" : "Failed"}, <LocalTime value={endpoint.health.lastAttemptAt} />
                </>
              ) : (
                "None yet"
              )}
            </dd>
          </div>
          {endpoint.health.nextRetryAt && (
            <div>
              <dt>Next retry</dt>
              <dd>
                <LocalTime value={endpoint.health.nextRetryAt} />
              </dd>
            </div>
          )}
          {endpoint.description && (
            <div>
              <dt>Description</dt>
              <dd>{endpoint.description}</dd>
            </div>
          )}
          <div>
            <dt>Created</dt>
            <dd>
              <LocalTime value={endpoint.createdAt} />
            </dd>
          </div>
        </dl>
        <h2 id="signing-secret">Signing secret</h2>
        <p className="text-muted-foreground text-sm">Verify each delivery&apos;s X-Service-Signature (or webhook-signature) with this secret.</p>
        <div className="flex gap-2 items-center flex-wrap" aria-labelledby="signing-secret">
          <code className="block flex-[1_1_260px] px-[11px] py-[9px] rounded-md bg-subtle font-mono break-all" data-testid="endpoint-secret">
            {isSecretShown && secret.data ? secret.data.secret : `whsec_${"•".repeat(24)}`}
          </code>
          <Button size="sm" aria-pressed={isSecretShown} isPending={isSecretShown && secret.isPending} onClick={toggleSecret}>
            {isSecretShown ? "Hide secret" : "Reveal secret"}
          </Button>
          <CopyButton value={readSecret} label="Copy secret" />
          <RotateSecretDialog endpointId={id} />
        </div>
        {secret.error && <FormError error={describeError(secret.error)} />}
        {endpoint.previousSecretExpiresAt && new Date(endpoint.previousSecretExpiresAt) > new Date() && (
          <p className={noticeClass("info")} data-testid="previous-secret">
            Rotated: deliveries are also signed with the previous secret until <LocalTime value={endpoint.previousSecretExpiresAt} />.
          </p>
        )}
        {endpoint.publicKey && (
          <>
            <h2 id="public-key">Ed25519 public key</h2>
            <p className="text-muted-foreground text-sm">Each delivery also carries a v1a signature in webhook-signature that this key verifies; it is not a secret.</p>
            <div className="flex gap-2 items-center flex-wrap" aria-labelledby="public-key">
              <code className="block flex-[1_1_260px] px-[11px] py-[9px] rounded-md bg-subtle font-mono break-all" data-testid="endpoint-public-key">
                {endpoint.publicKey}
              </code>
              <CopyButton value={endpoint.publicKey} label="Copy public key" />
            </div>
          </>
        )}
        {!endpoint.isActive && <p className="text-sm text-muted-foreground">Enable the endpoint to send test events or recover failed deliveries.</p>}
      </section>
      <AttemptsChart hours={endpoint.attemptsPerHour} />
      <Deliveries endpointId={id} />
    </>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  const [status, setStatus] = useState<StatusFilter>("");
  const [eventType, setEventType] = useState<"" | (typeof EVENT_TYPES)[number]>("");
  const [search, setSearch] = useState("");
  const deliveries = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(
      { id: endpointId, status: status || undefined, eventType: eventType || undefined, search: search.trim() || undefined, limit: PAGE_SIZE.deliveries },
      { ...pagedByCursor, refetchInterval: LIVE_REFRESH_MS },
    ),
  );
  const isFiltered = Boolean(status || eventType || search.trim());
  return (
    <section className="mt-7" aria-labelledby="deliveries-heading">
      <div className="flex gap-2 items-center flex-wrap">
        <h2 id="deliveries-heading">Deliveries</h2>
        <Button size="sm" variant="ghost" isPending={deliveries.isRefetching} onClick={() => void invalidate()}>
          Refresh
        </Button>
      </div>
      <div className={TOOLBAR}>
        <SelectField
          label="Delivery status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          options={[{ value: "", label: "All" }, { value: "failed,pending", label: "Failed or pending" }, ...Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <SelectField
          label="Event type"
          value={eventType}
          onChange={(event) => setEventType(event.target.value as typeof eventType)}
          options={[{ value: "", label: "All" }, ...EVENT_TYPES.map((type) => ({ value: type, label: type }))]}
        />
        <TextField label="Find by event or delivery id" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="evt_… or dlv_…" />
      </div>
      <PagedQueryState
        query={deliveries}
        loadingLabel="Loading deliveries…"
        empty={<EmptyState title={status && !eventType && !search.trim() ? "No deliveries with this status." : isFiltered ? "No deliveries match these filters." : "No deliveries yet."}>Events of the subscribed types are delivered here as they happen.</EmptyState>}
      >
        {(list) => (
          <Table caption="Deliveries, newest first" columns={["Created", "Event type", "Status", { numeric: "Attempts" }, "Last response"]}>
            <tbody>
              {list.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="whitespace-nowrap">
                    <Link className="font-semibold break-words" href={`/webhooks/${endpointId}/deliveries/${delivery.id}`} aria-label={`Delivery ${delivery.id}`}>
                      <LocalTime value={delivery.createdAt} />
                    </Link>
                  </td>
                  <td data-label="Event type">
                    {delivery.eventType}
                    {delivery.isTest && <TestBadge />}
                  </td>
                  <td data-label="Status">
                    <DeliveryStatus status={delivery.status} />
                  </td>
                  <td className="text-right tabular-nums whitespace-nowrap" data-label="Attempts">{delivery.attempts}</td>
                  <td className="text-sm min-w-52 [&_a]:wrap-anywhere" data-label="Last response">{lastResponse(delivery)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </section>
  );
}
