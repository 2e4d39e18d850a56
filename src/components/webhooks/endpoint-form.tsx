"use client";
// Add or edit an endpoint: its URL (the server's URL rules answer at the field), description, and
// the event types as checkboxes labelled with their catalog names.
import { useState, type FormEvent } from "react";
import { Button, CheckboxGroup, FormError, TextField, useServerErrors } from "@/components/ui";
import { EVENT_TYPES } from "@/server/webhooks/events";

const FIELD_NAMES = ["url", "description", "eventTypes"] as const;

export interface EndpointDraft {
  url: string;
  description: string | null;
  eventTypes: string[];
}

export function EndpointForm({
  endpoint,
  submitLabel,
  isPending,
  onSubmit,
}: {
  endpoint?: EndpointDraft;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (draft: EndpointDraft) => Promise<unknown>;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [eventTypes, setEventTypes] = useState<string[]>(endpoint?.eventTypes ?? [...EVENT_TYPES]);
  const errors = useServerErrors(FIELD_NAMES);

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    try {
      await onSubmit({ url, description, eventTypes });
    } catch (caught) {
      errors.capture(caught);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Endpoint URL" type="url" required value={url} onChange={(event) => setUrl(event.target.value)} error={errors.fieldError("url")} placeholder="https://example.com/webhooks/orbit" hint="https only; public addresses." />
      <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} error={errors.fieldError("description")} maxLength={500} />
      <CheckboxGroup
        legend="Event types"
        sections={[{ options: EVENT_TYPES.map((type) => ({ value: type, label: type })) }]}
        value={eventTypes}
        onChange={setEventTypes}
        error={errors.fieldError("eventTypes")}
      />
      <FormError error={errors.formError} />
      <div className="dialog-actions">
        <Button type="submit" variant="primary" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
