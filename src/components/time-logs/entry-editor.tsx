"use client";
// Edit entry: one dialog for a log's description, task, project, customer, tags, billable, start, end
// and duration. Opened on an existing log it sends only what changed through `timeLogs.update` (a new
// start or end without a new duration lets the server recompute it); opened on a draft (a range
// dragged on the calendar) it creates the log through the sync operation with a clientSessionId made
// here, like Add time, so it emits `time_log.created` like every new log.
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { CheckboxField, DateTimeField, Form, FormDialog, TextField, useServerErrors } from "@/components/ui";
import { FORM_GRID } from "@/components/ui/styles";
import type { AppTimeLog } from "@/components/ui/time-log-table";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { DURATION_HINT } from "@/lib/duration";
import { parseTagsInput } from "@/lib/duration-input";
import { toLocalInputValue } from "@/lib/time-format";
import { useFiling } from "@/components/pickers/use-filing";
import { useTimeRange } from "@/components/ui/use-time-range";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/lib/limits";
import { useTRPC } from "@/trpc/react";

const FIELDS = ["description", "taskId", "customerId", "constellationId", "tags", "isBillable", "startedAt", "endedAt", "durationSeconds"] as const;

/** A log to create: the range a drag on the calendar chose. */
export interface DraftEntry {
  startedAt: string;
  endedAt: string;
}

/** What the editor starts from: an existing log, or a draft with nothing but its range. */
type Source = { kind: "log"; log: AppTimeLog } | { kind: "draft"; draft: DraftEntry };

const secondsBetween = (start: string, end: string) => Math.round((new Date(end).getTime() - new Date(start).getTime()) / 1000);

export function EntryEditorDialog({
  source,
  trigger,
  open,
  onOpenChange,
  onSaved,
}: {
  source: Source;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSaved?: (message: string) => void;
}) {
  const isNew = source.kind === "draft";
  return (
    <FormDialog
      title={isNew ? "New entry" : "Edit entry"}
      description={isNew ? "The time you chose on the calendar; fill in what it was." : "Change what this entry records. Durations such as 1:30, 1.5 or 1h 30m."}
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
    >
      <EntryEditorForm source={source} onSaved={onSaved} />
    </FormDialog>
  );
}

function EntryEditorForm({ source, onSaved }: { source: Source; onSaved?: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const errors = useServerErrors(FIELDS);
  const log = source.kind === "log" ? source.log : null;
  const initial = log ? { startedAt: log.startedAt, endedAt: log.endedAt ?? new Date(new Date(log.startedAt).getTime() + log.durationSeconds * 1000).toISOString() } : (source as { draft: DraftEntry }).draft;
  const range = useTimeRange({ ...initial, durationSeconds: log?.durationSeconds }, { keep: "end" });
  const filing = useFiling({ taskId: log?.taskId ?? null, customerId: log?.customerId ?? null, constellationId: log?.constellationId ?? null, labels: { task: log?.taskTitle ?? undefined, customer: log?.customerName ?? undefined, project: log?.projectName ?? undefined } });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const fieldError = (name: string) => localErrors[name] ?? errors.fieldError(name);
  const update = useMutation(trpc.timeLogs.update.mutationOptions({ onSuccess: invalidate }));
  const sync = useMutation(trpc.timeLogs.sync.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const problems: Record<string, string> = {};
    const { startedAt, endedAt, durationSeconds } = range;
    if (!startedAt) problems.startedAt = "Enter when the work started.";
    if (!endedAt) problems.endedAt = "Enter when the work ended.";
    else if (startedAt && endedAt <= startedAt) problems.endedAt = "End must be after start";
    if (durationSeconds === null) problems.durationSeconds = range.durationError ?? DURATION_HINT;
    setLocalErrors(problems);
    if (Object.keys(problems).length || !startedAt || !endedAt || durationSeconds === null) return false;
    const details = { description: text("description") || null, tags: parseTagsInput(text("tags")), isBillable: form.get("isBillable") === "on" };
    const references = filing.references();

    if (!log) {
      await sync.mutateAsync({
        entries: [
          {
            clientSessionId: crypto.randomUUID(),
            source: "manual",
            startedAt,
            endedAt,
            durationSeconds: range.isDurationTyped ? durationSeconds : secondsBetween(startedAt, endedAt),
            ...details,
            ...references,
          },
        ],
      });
      onSaved?.("Entry added.");
      return;
    }
    // Only what changed: a new start or end without a typed duration lets the server recompute it.
    const changed = (field: keyof typeof references) => references[field] !== undefined && references[field] !== log[field];
    await update.mutateAsync({
      id: log.id,
      ...details,
      ...(changed("taskId") ? { taskId: references.taskId } : {}),
      ...(changed("constellationId") ? { constellationId: references.constellationId } : {}),
      ...(changed("customerId") ? { customerId: references.customerId } : {}),
      ...(range.start !== toLocalInputValue(initial.startedAt) ? { startedAt } : {}),
      ...(range.end !== toLocalInputValue(initial.endedAt) ? { endedAt } : {}),
      ...(range.isDurationTyped ? { durationSeconds } : {}),
    });
    onSaved?.("Entry saved.");
  }

  return (
    <Form errors={errors} submitLabel={log ? "Save entry" : "Add entry"} onSubmit={submit}>
      <TextField label="Description" name="description" defaultValue={log?.description ?? ""} maxLength={MAX_LOG_DESCRIPTION_LENGTH} placeholder="What did you work on?" error={fieldError("description")} />
      <div className={FORM_GRID}>
        <TaskPicker {...filing.picker("task")} error={fieldError("taskId")} />
        <ProjectPicker {...filing.picker("project")} error={fieldError("constellationId")} />
      </div>
      <div className={FORM_GRID}>
        <CustomerPicker {...filing.picker("customer")} error={fieldError("customerId")} />
        <TextField label="Tags" name="tags" defaultValue={log?.tags.join(", ") ?? ""} placeholder="design, review" hint="Separate tags with commas." error={fieldError("tags")} />
      </div>
      <div className={FORM_GRID}>
        <DateTimeField label="Start" name="startedAt" value={range.start} onTextChange={range.setStart} required error={fieldError("startedAt")} />
        <DateTimeField label="End" name="endedAt" value={range.end} onTextChange={range.setEnd} required error={fieldError("endedAt")} />
      </div>
      <TextField label="Duration" name="durationSeconds" value={range.duration} onChange={(event) => range.setDuration(event.target.value)} hint="Follows the start and end; changing it moves the end. 1:30, 1.5 or 1h 30m." required error={fieldError("durationSeconds")} />
      <CheckboxField label="Billable" name="isBillable" defaultChecked={log?.isBillable ?? true} error={fieldError("isBillable")} />
    </Form>
  );
}
