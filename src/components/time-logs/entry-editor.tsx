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
import { parseDuration } from "@/lib/duration";
import { parseTagsInput } from "@/lib/duration-input";
import { formatDuration, fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/server/lib/limits";
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
  const range = log ? { startedAt: log.startedAt, endedAt: log.endedAt ?? new Date(new Date(log.startedAt).getTime() + log.durationSeconds * 1000).toISOString() } : (source as { draft: DraftEntry }).draft;
  const initialDuration = log ? log.durationSeconds : secondsBetween(range.startedAt, range.endedAt);
  const [taskId, setTaskId] = useState<string | null>(log?.taskId ?? null);
  const [projectId, setProjectId] = useState<string | null>(log?.constellationId ?? null);
  const [customerId, setCustomerId] = useState<string | null>(log?.customerId ?? null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const fieldError = (name: string) => localErrors[name] ?? errors.fieldError(name);
  const update = useMutation(trpc.timeLogs.update.mutationOptions({ onSuccess: invalidate }));
  const sync = useMutation(trpc.timeLogs.sync.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const problems: Record<string, string> = {};
    const startedAt = fromLocalInputValue(text("startedAt"));
    const endedAt = fromLocalInputValue(text("endedAt"));
    if (!startedAt) problems.startedAt = "Enter when the work started.";
    if (!endedAt) problems.endedAt = "Enter when the work ended.";
    else if (startedAt && endedAt <= startedAt) problems.endedAt = "End must be after start";
    const parsed = parseDuration(text("durationSeconds"));
    if (!parsed.ok) problems.durationSeconds = parsed.error;
    setLocalErrors(problems);
    if (Object.keys(problems).length || !startedAt || !endedAt || !parsed.ok) return false;
    const details = { description: text("description") || null, tags: parseTagsInput(text("tags")), isBillable: form.get("isBillable") === "on" };
    const durationChanged = text("durationSeconds") !== formatDuration(initialDuration);

    if (!log) {
      await sync.mutateAsync({
        entries: [
          {
            clientSessionId: crypto.randomUUID(),
            source: "manual",
            startedAt,
            endedAt: durationChanged ? null : endedAt,
            durationSeconds: durationChanged ? parsed.seconds : secondsBetween(startedAt, endedAt),
            ...details,
            // Omitted, the project and customer are derived from the task.
            ...(taskId ? { taskId } : {}),
            ...(projectId ? { constellationId: projectId } : {}),
            ...(customerId ? { customerId } : {}),
          },
        ],
      });
      onSaved?.("Entry added.");
      return;
    }
    // Only what changed: an omitted project or customer is derived again when the task changes.
    const startChanged = text("startedAt") !== toLocalInputValue(range.startedAt);
    const endChanged = text("endedAt") !== toLocalInputValue(range.endedAt);
    await update.mutateAsync({
      id: log.id,
      ...details,
      ...(taskId !== log.taskId ? { taskId } : {}),
      ...(projectId !== log.constellationId ? { constellationId: projectId } : {}),
      ...(customerId !== log.customerId ? { customerId } : {}),
      ...(startChanged ? { startedAt } : {}),
      ...(endChanged ? { endedAt } : {}),
      ...(durationChanged ? { durationSeconds: parsed.seconds } : {}),
    });
    onSaved?.("Entry saved.");
  }

  return (
    <Form errors={errors} submitLabel={log ? "Save entry" : "Add entry"} onSubmit={submit}>
      <TextField label="Description" name="description" defaultValue={log?.description ?? ""} maxLength={MAX_LOG_DESCRIPTION_LENGTH} placeholder="What did you work on?" error={fieldError("description")} />
      <div className={FORM_GRID}>
        <TaskPicker value={taskId} onChange={setTaskId} selectedLabel={log?.taskTitle ?? undefined} error={fieldError("taskId")} />
        <ProjectPicker value={projectId} onChange={setProjectId} selectedLabel={log?.projectName ?? undefined} error={fieldError("constellationId")} hint={taskId && taskId !== log?.taskId ? "Empty: the task's project." : undefined} />
      </div>
      <div className={FORM_GRID}>
        <CustomerPicker value={customerId} onChange={setCustomerId} selectedLabel={log?.customerName ?? undefined} error={fieldError("customerId")} />
        <TextField label="Tags" name="tags" defaultValue={log?.tags.join(", ") ?? ""} placeholder="design, review" hint="Separate tags with commas." error={fieldError("tags")} />
      </div>
      <div className={FORM_GRID}>
        <DateTimeField label="Start" name="startedAt" defaultValue={toLocalInputValue(range.startedAt)} required error={fieldError("startedAt")} />
        <DateTimeField label="End" name="endedAt" defaultValue={toLocalInputValue(range.endedAt)} required error={fieldError("endedAt")} />
      </div>
      <TextField label="Duration" name="durationSeconds" defaultValue={formatDuration(initialDuration)} hint="Changing it moves the end; 1:30, 1.5 or 1h 30m." required error={fieldError("durationSeconds")} />
      <CheckboxField label="Billable" name="isBillable" defaultChecked={log?.isBillable ?? true} error={fieldError("isBillable")} />
    </Form>
  );
}
