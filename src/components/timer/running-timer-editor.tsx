"use client";
// Changing the running timer while it runs: where its time goes (project, customer), its tags and
// billable, each saved as soon as it changes (timers.update); Edit timer (description, task with the
// project and customer it brings, start time); Discard (after a confirmation: no log, no event).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { useFiling } from "@/components/pickers/use-filing";
import { Button, CheckboxField, ConfirmDialog, DateTimeField, Form, FormDialog, FormError, TextField, useServerErrors } from "@/components/ui";
import { FORM_GRID } from "@/components/ui/styles";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { parseTagsInput } from "@/lib/duration-input";
import { fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/lib/limits";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";

type Timer = NonNullable<RouterOutputs["timers"]["current"]>;
const FIELDS = ["description", "taskId", "customerId", "constellationId", "startedAt"] as const;
const INLINE_FIELDS = ["customerId", "constellationId", "tags", "isBillable"] as const;

/** Names of the running timer's task, project and customer (the timer holds their ids). */
function useTimerNames(timer: Timer) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.timeLogs.filing.queryOptions({ taskId: timer.taskId, customerId: timer.customerId, constellationId: timer.constellationId }), staleTime: 60_000 });
}

/** The running timer's task, by name. */
export function RunningTimerTask({ timer }: { timer: Timer }) {
  const names = useTimerNames(timer).data;
  return (
    <p className="text-sm text-muted-foreground" data-testid="running-timer-task">
      {timer.taskId ? <>Task: <span className="text-foreground font-medium">{names?.taskTitle ?? "…"}</span></> : "No task"}
    </p>
  );
}

/** A timer started offline is not on the server yet: it can be changed once it is. */
const isOnServer = (timer: Timer) => !timer.id.startsWith("pending:");

/**
 * Where the running timer's time goes, changed in place: Project, Customer, Tags and Billable, each
 * saved when it changes. A new project brings its customer (the server derives an omitted one).
 */
export function RunningTimerFiling({ timer, announce }: { timer: Timer; announce: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const names = useTimerNames(timer).data;
  const errors = useServerErrors(INLINE_FIELDS);
  const update = useMutation(trpc.timers.update.mutationOptions({ onSuccess: invalidate }));
  const [tags, setTags] = useState(timer.tags.join(", "));
  // The server's tags come back after a save (or a change made elsewhere): the field follows them.
  const savedTags = timer.tags.join(", ");
  useEffect(() => setTags(savedTags), [savedTags]);
  // Billable shows the click at once; the server's value comes back with the timer.
  const [isBillable, setIsBillable] = useState(timer.isBillable);
  useEffect(() => setIsBillable(timer.isBillable), [timer.isBillable]);
  const isDisabled = !isOnServer(timer);

  /** Saves one change; answers whether it was saved (a refusal is shown at its field). */
  async function save(change: Parameters<typeof update.mutateAsync>[0], message: string): Promise<boolean> {
    errors.clear();
    try {
      await update.mutateAsync(change);
      announce(message);
      return true;
    } catch (caught) {
      errors.capture(caught);
      return false;
    }
  }

  function saveTags() {
    const next = parseTagsInput(tags);
    if (next.join(", ") !== savedTags) void save({ tags: next }, "Tags changed.");
  }

  return (
    <div className="basis-full grid gap-2" role="group" aria-label="Where the time goes">
      <div className={FORM_GRID}>
        <ProjectPicker value={timer.constellationId} selectedLabel={names?.projectName ?? undefined} onChange={(constellationId) => void save({ constellationId }, "Project changed.")} disabled={isDisabled} error={errors.fieldError("constellationId")} />
        <CustomerPicker value={timer.customerId} selectedLabel={names?.customerName ?? undefined} onChange={(customerId) => void save({ customerId }, "Customer changed.")} disabled={isDisabled} error={errors.fieldError("customerId")} />
        <TextField
          label="Tags"
          value={tags}
          disabled={isDisabled}
          onChange={(event) => setTags(event.target.value)}
          onBlur={saveTags}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              saveTags();
            }
          }}
          hint="Separate tags with commas; saved when you leave the field."
          error={errors.fieldError("tags")}
        />
        <CheckboxField
          label="Billable"
          checked={isBillable}
          disabled={isDisabled}
          onChange={(event) => {
            const next = event.target.checked;
            setIsBillable(next);
            void save({ isBillable: next }, next ? "Billable." : "Not billable.").then((isSaved) => isSaved || setIsBillable(timer.isBillable));
          }}
          className="self-center"
          error={errors.fieldError("isBillable")}
        />
      </div>
      <FormError error={errors.formError} />
    </div>
  );
}

/** Edit timer's form, made afresh each time the dialog opens, from the timer as it is then. */
function EditTimerForm({ timer, announce }: { timer: Timer; announce: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const names = useTimerNames(timer).data;
  const errors = useServerErrors(FIELDS);
  const filing = useFiling({ taskId: timer.taskId, customerId: timer.customerId, constellationId: timer.constellationId });
  const update = useMutation(trpc.timers.update.mutationOptions({ onSuccess: invalidate }));
  // Until a choice here names them, the pickers show the timer's own names.
  const stored = { task: names?.taskTitle, customer: names?.customerName, project: names?.projectName };
  const picker = (picked: "task" | "customer" | "project") => {
    const props = filing.picker(picked);
    return { ...props, selectedLabel: props.selectedLabel ?? stored[picked] ?? undefined };
  };

  async function submit(form: FormData) {
    const startText = String(form.get("startedAt") ?? "");
    const startedAt = fromLocalInputValue(startText);
    const references = filing.references();
    const changed = (field: keyof typeof references) => references[field] !== undefined && references[field] !== timer[field];
    await update.mutateAsync({
      description: String(form.get("description") ?? "").trim() || null,
      // Only what changed: an omitted project or customer is derived again when the task changes.
      ...(changed("taskId") ? { taskId: references.taskId } : {}),
      ...(changed("constellationId") ? { constellationId: references.constellationId } : {}),
      ...(changed("customerId") ? { customerId: references.customerId } : {}),
      ...(startedAt && startText !== toLocalInputValue(timer.startedAt) ? { startedAt } : {}),
    });
    announce("Timer changed.");
  }

  return (
    <Form errors={errors} submitLabel="Save timer" onSubmit={submit}>
      <TextField label="Description" name="description" defaultValue={timer.description ?? ""} maxLength={MAX_LOG_DESCRIPTION_LENGTH} error={errors.fieldError("description")} />
      <TaskPicker {...picker("task")} error={errors.fieldError("taskId")} />
      <div className={FORM_GRID}>
        <ProjectPicker {...picker("project")} error={errors.fieldError("constellationId")} />
        <CustomerPicker {...picker("customer")} error={errors.fieldError("customerId")} />
      </div>
      <DateTimeField label="Started at" name="startedAt" defaultValue={toLocalInputValue(timer.startedAt)} hint="At most 12 hours ago." error={errors.fieldError("startedAt")} />
    </Form>
  );
}

export function RunningTimerActions({ timer, announce }: { timer: Timer; announce: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const discard = useMutation(trpc.timers.discard.mutationOptions({ onSuccess: invalidate }));
  return (
    <div className="flex flex-wrap gap-2">
      <FormDialog title="Edit timer" description="Change what the running timer records, or when it started." trigger={<Button disabled={!isOnServer(timer)}>Edit timer</Button>}>
        <EditTimerForm timer={timer} announce={announce} />
      </FormDialog>
      <ConfirmDialog
        title="Discard the running timer?"
        description="Its time is not logged."
        confirmLabel="Discard timer"
        onConfirm={async () => {
          await discard.mutateAsync();
          announce("Timer discarded.");
        }}
        trigger={<Button variant="ghost">Discard</Button>}
      />
    </div>
  );
}
