"use client";
// Add time: a manual entry by start and end, or start and duration. It is saved in this browser first
// and sent through the sync procedure with a clientSessionId made here, so a retry never doubles it.
import { useEffect, useState } from "react";
import { FORM_GRID } from "@/components/ui/styles";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { Button, CheckboxField, DateTimeField, Form, FormDialog, TextField, useServerErrors } from "@/components/ui";
import { parseTagsInput } from "@/lib/duration-input";
import { parseDuration } from "@/lib/duration";
import { fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/server/lib/limits";
import type { OfflineSync } from "./use-offline-sync";

/** Asks the Timer page's Add time to open (the `m` shortcut); `/timer?add=time` opens it on arrival. */
export const ADD_TIME_EVENT = "orbit:add-time";

const FIELDS = ["description", "taskId", "customerId", "constellationId", "startedAt", "endedAt", "durationSeconds", "tags"] as const;

function defaultStart(): string {
  const start = new Date(Date.now() - 3600_000);
  start.setMinutes(Math.floor(start.getMinutes() / 15) * 15, 0, 0);
  return toLocalInputValue(start);
}

export function AddTimeDialog({ offline, onAdded }: { offline: OfflineSync; onAdded: (outcome: "synced" | "queued") => void }) {
  const [mode, setMode] = useState<"range" | "duration">("range");
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => setOpen(true);
    if (new URLSearchParams(window.location.search).get("add") === "time") show();
    window.addEventListener(ADD_TIME_EVENT, show);
    return () => window.removeEventListener(ADD_TIME_EVENT, show);
  }, []);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const errors = useServerErrors(FIELDS);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const fieldError = (name: string) => localErrors[name] ?? errors.fieldError(name);

  function reset() {
    setTaskId(null);
    setCustomerId(null);
    setProjectId(null);
    setMode("range");
    setLocalErrors({});
  }

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "");
    const startedAt = fromLocalInputValue(text("startedAt"));
    const problems: Record<string, string> = {};
    if (!startedAt) problems.startedAt = "Enter when you started.";
    let endedAt: string | null = null;
    let durationSeconds: number | null = null;
    if (mode === "range") {
      endedAt = fromLocalInputValue(text("endedAt"));
      if (!endedAt) problems.endedAt = "Enter when you stopped.";
      else if (startedAt) durationSeconds = Math.round((new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 1000);
    } else {
      const parsed = parseDuration(text("durationSeconds"));
      if (parsed.ok) durationSeconds = parsed.seconds;
      else problems.durationSeconds = parsed.error;
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
      taskId,
      // Empty: omitted, so the server gives the project's or task's customer.
      ...(customerId ? { customerId } : {}),
      ...(projectId ? { constellationId: projectId } : {}),
      tags: parseTagsInput(text("tags")),
      isBillable: form.get("isBillable") === "on",
    });
    onAdded(outcome);
  }

  return (
    <FormDialog
      title="Add time"
      description="A finished piece of work. Without a connection it is kept in this browser and synced later."
      trigger={<Button variant="primary">Add time</Button>}
      open={open}
      onOpenChange={setOpen}
      onClose={reset}
    >
      <Form errors={errors} submitLabel="Save time" onSubmit={submit}>
        <TextField label="Description" name="description" maxLength={MAX_LOG_DESCRIPTION_LENGTH} placeholder="What did you work on?" error={fieldError("description")} />
        <div className={FORM_GRID}>
          <TaskPicker value={taskId} onChange={setTaskId} error={fieldError("taskId")} />
          <CustomerPicker value={customerId} onChange={setCustomerId} error={fieldError("customerId")} hint={taskId ? "Empty: the task's customer." : undefined} />
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
          <DateTimeField label="Start" name="startedAt" defaultValue={defaultStart()} required error={fieldError("startedAt")} />
          {mode === "range" ? (
            <DateTimeField label="End" name="endedAt" required error={fieldError("endedAt") ?? fieldError("durationSeconds")} />
          ) : (
            <TextField label="Duration" name="durationSeconds" placeholder="1:30" hint="1:30, 90m or 1.5h" required error={fieldError("durationSeconds")} />
          )}
        </div>
        <div className={FORM_GRID}>
          <ProjectPicker value={projectId} onChange={setProjectId} error={fieldError("constellationId")} hint={taskId ? "Empty: the task's project." : undefined} />
          <TextField label="Tags" name="tags" placeholder="design, review" hint="Separate tags with commas." error={fieldError("tags")} />
        </div>
        <CheckboxField label="Billable" name="isBillable" defaultChecked />
      </Form>
    </FormDialog>
  );
}
