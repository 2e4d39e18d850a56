"use client";
// Add time: a manual entry by start and end, or start and duration. It is saved in this browser first
// and sent through the sync procedure with a clientSessionId made here, so a retry never doubles it.
import { useEffect, useState } from "react";
import { FORM_GRID } from "@/components/ui/styles";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { Button, CheckboxField, DateTimeField, Form, FormDialog, TextField, useServerErrors } from "@/components/ui";
import { parseTagsInput } from "@/lib/duration-input";
import { startOfDay } from "@/lib/week";
import { useFiling } from "@/components/pickers/use-filing";
import { useTimeRange } from "@/components/ui/use-time-range";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/lib/limits";
import type { OfflineSync } from "./use-offline-sync";

/** Asks the Timer page's Add time to open (the `m` shortcut); `/timer?add=time` opens it on arrival. */
export const ADD_TIME_EVENT = "orbit:add-time";

const FIELDS = ["description", "taskId", "customerId", "constellationId", "startedAt", "endedAt", "durationSeconds", "tags"] as const;

/**
 * An hour ago on the quarter hour (where a forgotten entry usually starts), but never before today's
 * midnight: the entry lands in the Today list it is added from (just after midnight, an hour ago is
 * yesterday).
 */
function defaultStart(): string {
  const quarter = 15 * 60_000;
  const hourAgo = Math.floor((Date.now() - 3600_000) / quarter) * quarter;
  return new Date(Math.max(hourAgo, startOfDay(new Date()).getTime())).toISOString();
}

export function AddTimeDialog({ offline, onAdded }: { offline: OfflineSync; onAdded: (outcome: "synced" | "queued") => void }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    if (new URLSearchParams(window.location.search).get("add") === "time") show();
    window.addEventListener(ADD_TIME_EVENT, show);
    return () => window.removeEventListener(ADD_TIME_EVENT, show);
  }, []);
  return (
    <FormDialog
      title="Add time"
      description="A finished piece of work. Without a connection it is kept in this browser and synced later."
      trigger={<Button variant="primary">Add time</Button>}
      open={open}
      onOpenChange={setOpen}
    >
      {/* Made afresh at each opening: nothing typed before stays. */}
      <AddTimeForm offline={offline} onAdded={onAdded} />
    </FormDialog>
  );
}

function AddTimeForm({ offline, onAdded }: { offline: OfflineSync; onAdded: (outcome: "synced" | "queued") => void }) {
  const [mode, setMode] = useState<"range" | "duration">("range");
  const filing = useFiling();
  const range = useTimeRange({ startedAt: defaultStart() }, { keep: mode === "duration" ? "duration" : "end" });
  const errors = useServerErrors(FIELDS);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const fieldError = (name: string) => localErrors[name] ?? errors.fieldError(name);

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "");
    const { startedAt } = range;
    const problems: Record<string, string> = {};
    if (!startedAt) problems.startedAt = "Enter when you started.";
    let endedAt: string | null = null;
    let durationSeconds: number | null = null;
    if (mode === "range") {
      endedAt = range.endedAt;
      if (!endedAt) problems.endedAt = "Enter when you stopped.";
      else if (startedAt) durationSeconds = Math.round((new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 1000);
    } else {
      durationSeconds = range.durationSeconds;
      if (durationSeconds === null) problems.durationSeconds = range.durationError ?? "Enter a duration such as 1:30, 90m or 1.5h.";
    }
    setLocalErrors(problems);
    if (Object.keys(problems).length || durationSeconds === null || !startedAt) return false;
    const outcome = await offline.submit({
      clientSessionId: crypto.randomUUID(),
      source: "manual",
      startedAt,
      endedAt,
      durationSeconds,
      description: text("description") || null,
      ...filing.references(),
      tags: parseTagsInput(text("tags")),
      isBillable: form.get("isBillable") === "on",
    });
    onAdded(outcome);
  }

  return (
    <Form errors={errors} submitLabel="Save time" onSubmit={submit}>
      <TextField label="Description" name="description" maxLength={MAX_LOG_DESCRIPTION_LENGTH} placeholder="What did you work on?" error={fieldError("description")} />
      <div className={FORM_GRID}>
        <TaskPicker {...filing.picker("task")} error={fieldError("taskId")} />
        <ProjectPicker {...filing.picker("project")} error={fieldError("constellationId")} />
        <CustomerPicker {...filing.picker("customer")} error={fieldError("customerId")} />
      </div>
      <fieldset className="border-0 p-0 m-0 flex gap-[18px]">
        <legend className="sr-only">How to enter the time</legend>
        <label className="inline-flex items-center gap-2 font-medium cursor-pointer [&_input]:size-4 [&_input]:m-0">
          <input type="radio" name="mode" checked={mode === "range"} onChange={() => setMode("range")} />
          <span>Start and end</span>
        </label>
        <label className="inline-flex items-center gap-2 font-medium cursor-pointer [&_input]:size-4 [&_input]:m-0">
          <input type="radio" name="mode" checked={mode === "duration"} onChange={() => setMode("duration")} />
          <span>Duration</span>
        </label>
      </fieldset>
      <div className={FORM_GRID}>
        <DateTimeField label="Start" name="startedAt" value={range.start} onTextChange={range.setStart} required error={fieldError("startedAt")} />
        {/* Keys: the two are different fields, never one input reused with the other's value. */}
        {mode === "range" ? (
          <DateTimeField key="end" label="End" name="endedAt" value={range.end} onTextChange={range.setEnd} hint={range.duration ? `Duration ${range.duration}` : undefined} required error={fieldError("endedAt") ?? fieldError("durationSeconds")} />
        ) : (
          <TextField key="duration" label="Duration" name="durationSeconds" value={range.duration} onChange={(event) => range.setDuration(event.target.value)} placeholder="1:30" hint="1:30, 90m or 1.5h" required error={fieldError("durationSeconds")} />
        )}
      </div>
      <TextField label="Tags" name="tags" placeholder="design, review" hint="Separate tags with commas." error={fieldError("tags")} />
      <CheckboxField label="Billable" name="isBillable" defaultChecked />
    </Form>
  );
}
