"use client";
// Add or edit an endpoint: its URL (the server's URL rules answer at the field), description, the
// event types as checkboxes labelled with their catalog names, and its request rate.
import { useState } from "react";
import { CheckboxGroup, Form, SelectField, TextField, useServerErrors } from "@/components/ui";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH } from "@/lib/limits";

const FIELD_NAMES = ["url", "description", "eventTypes", "maxRequestsPerSecond", "signing"] as const;
const DEFAULT_MAX_REQUESTS_PER_SECOND = 50;

export interface EndpointDraft {
  url: string;
  description: string | null;
  eventTypes: string[];
  /** Left blank, the server keeps the current rate (or its default on create). */
  maxRequestsPerSecond?: number;
  /** `ed25519` adds a signature receivers verify with the public key alone. */
  signing?: "hmac" | "ed25519";
}

export function EndpointForm({
  endpoint,
  submitLabel,
  onSubmit,
}: {
  endpoint?: EndpointDraft;
  submitLabel: string;
  onSubmit: (draft: EndpointDraft) => Promise<unknown>;
}) {
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [eventTypes, setEventTypes] = useState<string[]>(endpoint?.eventTypes ?? [...EVENT_TYPES]);
  const [rate, setRate] = useState(String(endpoint?.maxRequestsPerSecond ?? DEFAULT_MAX_REQUESTS_PER_SECOND));
  const [signing, setSigning] = useState<"hmac" | "ed25519">(endpoint?.signing ?? "hmac");
  const errors = useServerErrors(FIELD_NAMES);

  // A non-number is sent as such, so the server's message for the field is the one shown.
  const submit = () => onSubmit({ url, description, eventTypes, maxRequestsPerSecond: rate.trim() === "" ? undefined : Number(rate), signing });

  return (
    <Form errors={errors} submitLabel={submitLabel} onSubmit={submit}>
      <TextField label="Endpoint URL" type="url" required value={url} onChange={(event) => setUrl(event.target.value)} error={errors.fieldError("url")} placeholder="https://example.com/webhooks/orbit" hint="https only; public addresses." />
      <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} error={errors.fieldError("description")} maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH} />
      <CheckboxGroup
        legend="Event types"
        sections={[{ options: EVENT_TYPES.map((type) => ({ value: type, label: type })) }]}
        value={eventTypes}
        onChange={setEventTypes}
        error={errors.fieldError("eventTypes")}
      />
      <TextField
        label="Requests per second"
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        value={rate}
        onChange={(event) => setRate(event.target.value)}
        error={errors.fieldError("maxRequestsPerSecond")}
        hint="The most Orbit sends to this endpoint per second, 1 to 1,000."
      />
      <SelectField
        label="Signatures"
        value={signing}
        onChange={(event) => setSigning(event.target.value as "hmac" | "ed25519")}
        error={errors.fieldError("signing")}
        options={[
          { value: "hmac", label: "HMAC with the signing secret" },
          { value: "ed25519", label: "HMAC and Ed25519 (verifiable with a public key)" },
        ]}
      />
    </Form>
  );
}
