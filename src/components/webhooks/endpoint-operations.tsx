"use client";
// What an admin does to an endpoint beyond editing it (app-api section 8): send a test event, recover
// the failed deliveries since an instant, rotate the signing secret with an overlap. Each is a dialog
// whose form shows the server's field errors; a disabled endpoint gets the server's 409 at the form.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { FORM } from "@/components/ui/styles";
import { Button, DateTimeField, Form, FormDialog, SecretValue, SelectField, unreadableDateTime, useServerErrors } from "@/components/ui";
import { formatDateTime, fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";
import { useTRPC } from "@/trpc/react";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { EVENT_TYPES, type EventType } from "@/server/webhooks/events";

const HOUR_SECONDS = 3_600;
/** Recover looks back at most this far (the server's bound). */
const RECOVER_MAX_DAYS = 14;

export function SendTestEventDialog({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  const [eventType, setEventType] = useState<EventType>(EVENT_TYPES[0]);
  const [sentId, setSentId] = useState<string | null>(null);
  const errors = useServerErrors(["eventType"]);
  const send = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSuccess: invalidate }));
  // The body a test event of the chosen type carries (the catalog's example with this organization's id).
  const catalog = useQuery(trpc.webhooks.eventTypes.queryOptions());
  const example = catalog.data?.find((entry) => entry.type === eventType)?.example;

  async function submit() {
    const delivery = await send.mutateAsync({ id: endpointId, eventType });
    setSentId(delivery.id);
  }

  return (
    <FormDialog
      title="Send test event"
      description="A new event with example data, sent to this endpoint only. Test deliveries never count against the endpoint."
      trigger={<Button>Send test event</Button>}
      onClose={() => setSentId(null)}
      result={
        sentId ? (
          <div className={FORM}>
            <p role="status">Test event queued.</p>
            <Link href={`/webhooks/${endpointId}/deliveries/${sentId}`}>View the test delivery</Link>
          </div>
        ) : null
      }
    >
      <Form errors={errors} submitLabel="Send test event" onSubmit={submit}>
        <SelectField
          label="Event type"
          value={eventType}
          onChange={(event) => setEventType(event.target.value as EventType)}
          error={errors.fieldError("eventType")}
          options={EVENT_TYPES.map((type) => ({ value: type, label: type }))}
        />
        <details>
          <summary className="text-sm">Preview the body</summary>
          <pre className="bg-subtle p-3 rounded-lg overflow-auto max-h-[320px] text-[0.85rem] whitespace-pre" tabIndex={0} aria-label={`Test event body of ${eventType}`}>
            {example ? JSON.stringify(example, null, 2) : catalog.isError ? "The preview could not be loaded." : "Loading…"}
          </pre>
          <p className="text-sm text-muted-foreground">The event id and time are made when it is sent.</p>
        </details>
      </Form>
    </FormDialog>
  );
}

export function RecoverDialog({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  const [queued, setQueued] = useState<number | null>(null);
  const [sinceError, setSinceError] = useState<string | undefined>();
  const errors = useServerErrors(["since"]);
  const recover = useMutation(trpc.webhooks.recover.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const since = fromLocalInputValue(String(form.get("since") ?? ""));
    setSinceError(since ? undefined : unreadableDateTime());
    if (!since) return false;
    const result = await recover.mutateAsync({ id: endpointId, since });
    setQueued(result.queued);
  }

  return (
    <FormDialog
      title="Recover failed deliveries"
      description={`Sends every failed delivery of this endpoint whose event happened since then once more, with the original body and a fresh signature. At most ${RECOVER_MAX_DAYS} days back.`}
      trigger={<Button>Recover failed deliveries</Button>}
      onClose={() => {
        setQueued(null);
        setSinceError(undefined);
      }}
      result={
        queued !== null && (
          <p role="status" className={FORM}>
            {queued === 0 ? "No failed deliveries since then." : `${queued.toLocaleString()} ${queued === 1 ? "delivery" : "deliveries"} queued for another attempt.`}
          </p>
        )
      }
    >
      <Form errors={errors} submitLabel="Recover deliveries" onSubmit={submit}>
        <DateTimeField label="Failed since" name="since" required defaultValue={toLocalInputValue(new Date(Date.now() - 24 * HOUR_SECONDS * 1000))} error={sinceError ?? errors.fieldError("since")} />
      </Form>
    </FormDialog>
  );
}

const OVERLAP_OPTIONS = [
  { value: String(24 * HOUR_SECONDS), label: "24 hours (recommended)" },
  { value: String(HOUR_SECONDS), label: "1 hour" },
  { value: "0", label: "None: the old secret stops at once" },
];

export function RotateSecretDialog({ endpointId }: { endpointId: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("webhooks");
  const [overlap, setOverlap] = useState(OVERLAP_OPTIONS[0]!.value);
  const [rotated, setRotated] = useState<{ secret: string; previousSecretExpiresAt: string | null } | null>(null);
  const errors = useServerErrors(["overlapSeconds"]);
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: invalidate }));

  async function submit() {
    const endpoint = await rotate.mutateAsync({ id: endpointId, overlapSeconds: Number(overlap) });
    setRotated({ secret: endpoint.secret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt });
  }

  return (
    <FormDialog
      title="Rotate signing secret"
      description="A new secret signs every delivery from now on. During the overlap each delivery carries both signatures, so receivers can switch without missing one."
      trigger={<Button size="sm">Rotate secret</Button>}
      onClose={() => setRotated(null)}
      result={
        rotated && (
          <div className={FORM} role="status">
            <p>The secret was rotated. Give your receiver the new one:</p>
            <SecretValue value={rotated.secret} copyLabel="Copy new secret" testId="rotated-secret" />
            <p className="text-sm text-muted-foreground">
              {rotated.previousSecretExpiresAt
                ? `The old secret's signature is sent too until ${formatDateTime(rotated.previousSecretExpiresAt)}.`
                : "The old secret is no longer used."}
            </p>
          </div>
        )
      }
    >
      <Form errors={errors} submitLabel="Rotate secret" onSubmit={submit}>
        <SelectField label="Overlap" value={overlap} onChange={(event) => setOverlap(event.target.value)} error={errors.fieldError("overlapSeconds")} options={OVERLAP_OPTIONS} />
      </Form>
    </FormDialog>
  );
}
