"use client";
// The running timer's Edit timer (description, task, project, start time, through timers.update) and
// Discard (after a confirmation, through timers.discard: no log, no event).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { Button, ConfirmDialog, DateTimeField, Form, FormDialog, TextField, useServerErrors } from "@/components/ui";
import { FORM_GRID } from "@/components/ui/styles";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/server/lib/limits";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";

type Timer = NonNullable<RouterOutputs["timers"]["current"]>;
const FIELDS = ["description", "taskId", "constellationId", "startedAt"] as const;

export function RunningTimerActions({ timer, announce }: { timer: Timer; announce: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const errors = useServerErrors(FIELDS);
  const [taskId, setTaskId] = useState(timer.taskId);
  const [projectId, setProjectId] = useState(timer.constellationId);
  const update = useMutation(trpc.timers.update.mutationOptions({ onSuccess: invalidate }));
  const discard = useMutation(trpc.timers.discard.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const startText = String(form.get("startedAt") ?? "");
    const startedAt = fromLocalInputValue(startText);
    await update.mutateAsync({
      description: String(form.get("description") ?? "").trim() || null,
      ...(taskId !== timer.taskId ? { taskId } : {}),
      ...(projectId !== timer.constellationId ? { constellationId: projectId } : {}),
      ...(startedAt && startText !== toLocalInputValue(timer.startedAt) ? { startedAt } : {}),
    });
    announce("Timer changed.");
  }

  return (
    <div className="flex flex-wrap gap-2">
      <FormDialog
        title="Edit timer"
        description="Change what the running timer records, or when it started."
        trigger={<Button>Edit timer</Button>}
        onClose={() => {
          setTaskId(timer.taskId);
          setProjectId(timer.constellationId);
        }}
      >
        <Form errors={errors} submitLabel="Save timer" onSubmit={submit}>
          <TextField label="Description" name="description" defaultValue={timer.description ?? ""} maxLength={MAX_LOG_DESCRIPTION_LENGTH} error={errors.fieldError("description")} />
          <div className={FORM_GRID}>
            <TaskPicker value={taskId} onChange={setTaskId} error={errors.fieldError("taskId")} />
            <ProjectPicker value={projectId} onChange={setProjectId} error={errors.fieldError("constellationId")} />
          </div>
          <DateTimeField label="Started at" name="startedAt" defaultValue={toLocalInputValue(timer.startedAt)} hint="At most 12 hours ago." error={errors.fieldError("startedAt")} />
        </Form>
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
