"use client";
// A task's page: edit its fields, file it under a project, work its checklist, read and add comments,
// delete it (after confirming).
import { NotFoundPage } from "@/components/shell/not-found-page";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CustomerPicker, ProjectPicker, useMembers } from "@/components/pickers/pickers";
import { Button, ConfirmDialog, Form, FormError, LocalTime, PageHeader, QueryState, SelectField, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { parseTagsInput } from "@/lib/duration-input";
import { formatDuration } from "@/lib/time-format";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import type { RouterOutputs } from "@/trpc/types";
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SUBTASK_TITLE_LENGTH } from "@/lib/limits";
import { TASK_STATUSES, type TaskStatus } from "./task-status";

type AppTask = RouterOutputs["tasks"]["getWithAuthors"];

const EDIT_FIELDS = ["title", "description", "status", "assigneeId", "customerId", "tags"] as const;

function EditTaskForm({ task }: { task: AppTask }) {
  const trpc = useTRPC();
  const members = useMembers();
  const invalidate = useInvalidate("tasks");
  const errors = useServerErrors(EDIT_FIELDS);
  const [customerId, setCustomerId] = useState<string | null>(task.customerId);
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.tasks.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await invalidate();
      },
    }),
  );

  function submit(form: FormData) {
    setSaved(false);
    const assigneeId = String(form.get("assigneeId") ?? "");
    return update.mutateAsync({
      taskId: task.id,
      title: String(form.get("title") ?? ""),
      description: String(form.get("description") ?? "") || null,
      status: String(form.get("status")) as TaskStatus,
      assigneeId: assigneeId || null,
      customerId,
      tags: parseTagsInput(String(form.get("tags") ?? "")),
    });
  }

  return (
    <Form
      errors={errors}
      onSubmit={submit}
      submitLabel="Save changes"
      actionsAlign="start"
      className={CARD}
      aria-label="Task details"
      status={
        saved &&
        !update.isPending && (
          <span className="text-sm text-muted-foreground" role="status">
            Saved.
          </span>
        )
      }
    >
      <TextField label="Title" name="title" defaultValue={task.title} maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("title")} />
      <TextAreaField label="Description" name="description" defaultValue={task.description ?? ""} rows={4} error={errors.fieldError("description")} />
      <div className={FORM_GRID}>
        <SelectField label="Status" name="status" defaultValue={task.status} options={[...TASK_STATUSES]} error={errors.fieldError("status")} />
        <SelectField
          label="Assignee"
          name="assigneeId"
          defaultValue={task.assigneeId ?? ""}
          key={members.data ? "members" : "loading"}
          options={[{ value: "", label: "Nobody" }, ...(members.data?.items ?? []).map((member) => ({ value: member.id, label: member.name }))]}
          error={errors.fieldError("assigneeId")}
        />
      </div>
      <div className={FORM_GRID}>
        <CustomerPicker value={customerId} onChange={setCustomerId} error={errors.fieldError("customerId")} />
        <TextField label="Tags" name="tags" defaultValue={task.tags.join(", ")} hint="Separate tags with commas." error={errors.fieldError("tags")} />
      </div>
    </Form>
  );
}

function ProjectFiling({ task }: { task: AppTask }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("tasks");
  const [projectId, setProjectId] = useState<string | null>(task.primaryConstellationId);
  const errors = useServerErrors(["constellationId"]);
  const projects = useQuery(trpc.constellations.list.queryOptions({ limit: PAGE_SIZE.all, includeArchived: "true" }));
  const current = projects.data?.items.find((project) => project.id === task.primaryConstellationId);
  const file = useMutation(trpc.tasks.update.mutationOptions({ onSuccess: invalidate }));
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="project-heading">
      <h2 id="project-heading">Project</h2>
      <p className="text-muted-foreground text-sm" data-testid="task-project">
        {task.primaryConstellationId ? `Filed under ${current?.title ?? "a project"}.` : "Not filed under a project."}
      </p>
      <Form
        errors={errors}
        onSubmit={() => (projectId ? file.mutateAsync({ taskId: task.id, constellationId: projectId }) : false)}
        submitLabel="File under project"
        submitVariant="secondary"
        isSubmitDisabled={!projectId || projectId === task.primaryConstellationId}
        layout="inline"
      >
        <ProjectPicker label="File under" value={projectId} onChange={setProjectId} noneLabel="Choose a project" error={errors.fieldError("constellationId")} />
      </Form>
    </section>
  );
}

/** A checkbox that flips in the same event (React state), while the cache and the server follow. */
function TickBox({ isCompleted, onTick }: { isCompleted: boolean; onTick: (isCompleted: boolean) => void }) {
  const [checked, setChecked] = useState(isCompleted);
  const [lastKnown, setLastKnown] = useState(isCompleted);
  if (lastKnown !== isCompleted) {
    // The server's state changed (or a failure rolled back): follow it.
    setLastKnown(isCompleted);
    setChecked(isCompleted);
  }
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={(event) => {
        setChecked(event.target.checked);
        onTick(event.target.checked);
      }}
    />
  );
}

function Checklist({ task }: { task: AppTask }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("tasks");
  const errors = useServerErrors(["title"]);
  const [title, setTitle] = useState("");
  const append = useMutation(
    trpc.tasks.appendSubtasks.mutationOptions({
      onSuccess: async () => {
        setTitle("");
        await invalidate();
      },
    }),
  );
  const queryClient = useQueryClient();
  const taskKey = trpc.tasks.getWithAuthors.queryKey({ taskId: task.id });
  const tick = useMutation(trpc.tasks.setSubtaskCompleted.mutationOptions({ onSettled: invalidate }));
  // A tick shows at once (set in the cache before the request); a failure puts the previous state back.
  function setTicked(subtaskId: string, isCompleted: boolean) {
    const previous = queryClient.getQueryData(taskKey);
    queryClient.setQueryData(taskKey, (current) =>
      current ? { ...current, subtasks: current.subtasks.map((subtask) => (subtask.id === subtaskId ? { ...subtask, isCompleted } : subtask)) } : current,
    );
    tick.mutate({ taskId: task.id, subtaskId, isCompleted }, { onError: () => queryClient.setQueryData(taskKey, previous) });
  }
  const remove = useMutation(trpc.tasks.removeSubtask.mutationOptions({ onSettled: invalidate }));
  const done = task.subtasks.filter((subtask) => subtask.isCompleted).length;
  const failure = tick.error ?? remove.error;

  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">
        Checklist{" "}
        {task.subtasks.length > 0 && (
          <span className="text-muted-foreground text-sm">
            {done} of {task.subtasks.length} done
          </span>
        )}
      </h2>
      {task.subtasks.length === 0 ? (
        <p className="text-muted-foreground text-sm">No items yet.</p>
      ) : (
        <ul className="list-none m-0 p-0 grid gap-1 [&_li]:flex [&_li]:justify-between [&_li]:items-center [&_li]:gap-2 [&_li]:py-1 [&_li]:border-b [&_li]:border-border">
          {task.subtasks.map((subtask) => (
            <li key={subtask.id}>
              <label className="inline-flex items-center gap-2 font-medium cursor-pointer [&_input]:size-4 [&_input]:m-0">
                <TickBox isCompleted={subtask.isCompleted} onTick={(isCompleted) => setTicked(subtask.id, isCompleted)} />
                <span className={subtask.isCompleted ? "line-through text-muted-foreground" : undefined}>{subtask.title}</span>
              </label>
              <Button size="sm" variant="ghost" aria-label={`Remove ${subtask.title}`} onClick={() => remove.mutate({ taskId: task.id, subtaskId: subtask.id })}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failure && <FormError error={describeError(failure)} />}
      <Form errors={errors} onSubmit={() => append.mutateAsync({ taskId: task.id, items: [{ title }] })} submitLabel="Add item" submitVariant="secondary" isSubmitDisabled={!title.trim()} layout="inline">
        <TextField label="New item" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={MAX_SUBTASK_TITLE_LENGTH} error={errors.fieldError("title")} />
      </Form>
    </section>
  );
}

function Comments({ task }: { task: AppTask }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("tasks");
  const errors = useServerErrors(["body"]);
  const [body, setBody] = useState("");
  const add = useMutation(
    trpc.tasks.addComment.mutationOptions({
      onSuccess: async () => {
        setBody("");
        await invalidate();
      },
    }),
  );
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      {task.comments.length === 0 ? (
        <p className="text-muted-foreground text-sm">No comments yet.</p>
      ) : (
        <ol className="comments list-none m-0 p-0 grid gap-3 [&_p]:m-0">
          {task.comments.map((comment) => (
            <li key={comment.id}>
              <p className="text-muted-foreground text-sm">
                <strong>{comment.authorName ?? "Former member"}</strong> · <LocalTime value={comment.createdAt} />
              </p>
              <p className="whitespace-pre-wrap wrap-anywhere">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form errors={errors} onSubmit={() => add.mutateAsync({ taskId: task.id, body })} submitLabel="Add comment" submitVariant="secondary" isSubmitDisabled={!body.trim()} actionsAlign="start">
        <TextAreaField label="Comment" value={body} onChange={(event) => setBody(event.target.value)} maxLength={MAX_LONG_TEXT_LENGTH} error={errors.fieldError("body")} />
      </Form>
    </section>
  );
}

export function TaskDetail({ taskId }: { taskId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidate("tasks");
  const task = useQuery(trpc.tasks.getWithAuthors.queryOptions({ taskId }));
  const remove = useMutation(trpc.tasks.delete.mutationOptions());

  if (task.error && describeError(task.error).code === "not_found") {
    return <NotFoundPage what="task" back={{ href: "/tasks", label: "All tasks" }} />;
  }
  return (
    <QueryState query={task} loadingLabel="Loading the task…">
      {(data) => (
        <>
          <p className="text-sm mt-0 mb-2">
            <Link href="/tasks">← All tasks</Link>
          </p>
          <PageHeader
            title={data.title}
            description={`${formatDuration(data.loggedSeconds)} logged, ${formatDuration(data.billableSeconds)} billable`}
            actions={
              <ConfirmDialog
                title="Delete this task?"
                description="It disappears from lists and the API. Time already logged against it stays."
                confirmLabel="Delete task"
                trigger={<Button variant="danger">Delete task</Button>}
                onConfirm={async () => {
                  await remove.mutateAsync({ taskId });
                  await invalidate();
                  router.push("/tasks");
                }}
              />
            }
          />
          <div className="grid grid-cols-[minmax(0,1fr)_300px] gap-4 items-start max-[900px]:grid-cols-1 [&_h2]:text-[1.05rem] [&_h2]:m-0">
            <div className="grid gap-4">
              <EditTaskForm key={data.id} task={data} />
              <Checklist task={data} />
              <Comments task={data} />
            </div>
            <aside className="grid gap-4">
              <ProjectFiling key={data.primaryConstellationId ?? "none"} task={data} />
            </aside>
          </div>
        </>
      )}
    </QueryState>
  );
}
