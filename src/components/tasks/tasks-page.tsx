"use client";
// The Tasks page: filter by status, assignee and text; create a task; open one to edit it.
import { keepPreviousData, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { FORM_GRID, TOOLBAR } from "@/components/ui/styles";
import { Pill, type Tone } from "@/components/ui/badge";
import { CustomerPicker, ProjectPicker, useMembers } from "@/components/pickers/pickers";
import { Button, EmptyState, ErrorState, Form, FormDialog, LoadingState, PageHeader, SelectField, Table, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { formatDuration } from "@/lib/time-format";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { MAX_NAME_LENGTH } from "@/lib/limits";
import { statusLabel, TASK_STATUSES, type TaskStatus } from "./task-status";

/** How each status reads in the list. */
const STATUS_TONES: Record<TaskStatus, Tone> = { todo: "neutral", up_next: "info", in_progress: "success", done: "accent" };

const CREATE_FIELDS = ["title", "description", "status", "assigneeId", "customerId", "constellationId"] as const;

function CreateTaskDialog() {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidate("tasks");
  const members = useMembers();
  const errors = useServerErrors(CREATE_FIELDS);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);
  const create = useMutation(trpc.tasks.create.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const assigneeId = String(form.get("assigneeId") ?? "");
    const task = await create.mutateAsync({
      title: String(form.get("title") ?? ""),
      description: String(form.get("description") ?? "") || null,
      status: String(form.get("status")) as TaskStatus,
      assigneeId: assigneeId || null,
      customerId,
      ...(projectId ? { constellationId: projectId } : {}),
    });
    router.push(`/tasks/${task.id}`);
  }

  return (
    <FormDialog title="New task" trigger={<Button variant="primary">New task</Button>}>
      <Form errors={errors} submitLabel="Create task" onSubmit={submit}>
        <TextField label="Title" name="title" maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("title")} />
        <TextAreaField label="Description" name="description" error={errors.fieldError("description")} />
        <div className={FORM_GRID}>
          <SelectField label="Status" name="status" defaultValue="todo" options={[...TASK_STATUSES]} error={errors.fieldError("status")} />
          <SelectField label="Assignee" name="assigneeId" defaultValue="" options={[{ value: "", label: "Nobody" }, ...(members.data?.items ?? []).map((member) => ({ value: member.id, label: member.name }))]} error={errors.fieldError("assigneeId")} />
        </div>
        <div className={FORM_GRID}>
          <CustomerPicker value={customerId} onChange={setCustomerId} error={errors.fieldError("customerId")} />
          <ProjectPicker value={projectId} onChange={setProjectId} error={errors.fieldError("constellationId")} />
        </div>
      </Form>
    </FormDialog>
  );
}

export function TasksPage() {
  const trpc = useTRPC();
  const members = useMembers();
  const [status, setStatus] = useState<TaskStatus | "">("");
  const [assigneeId, setAssigneeId] = useState("");
  const [searchText, setSearchText] = useState("");
  const search = useDeferredValue(searchText).trim() || undefined;
  const tasks = useInfiniteQuery({
    ...trpc.tasks.list.infiniteQueryOptions(
      { status: status || undefined, assigneeId: assigneeId || undefined, search, limit: PAGE_SIZE.tasks },
      pagedByCursor,
    ),
    placeholderData: keepPreviousData,
  });
  const items = tasks.data?.pages.flatMap((page) => page.items) ?? [];
  const memberName = new Map((members.data?.items ?? []).map((member) => [member.id, member.name]));
  const isFiltered = Boolean(status || assigneeId || search);

  return (
    <>
      <PageHeader title="Tasks" description="Everything your team is working on." actions={<CreateTaskDialog />} />
      <div className={TOOLBAR} role="search" aria-label="Filter tasks">
        <TextField label="Search" type="search" value={searchText} onChange={(event) => setSearchText(event.target.value)} placeholder="Title or description" maxLength={MAX_NAME_LENGTH} />
        <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as TaskStatus | "")} options={[{ value: "", label: "Any status" }, ...TASK_STATUSES]} />
        <SelectField label="Assignee" value={assigneeId} onChange={(event) => setAssigneeId(event.target.value)} options={[{ value: "", label: "Anyone" }, ...(members.data?.items ?? []).map((member) => ({ value: member.id, label: member.name }))]} />
      </div>
      {tasks.isPending ? (
        <LoadingState label="Loading tasks…" />
      ) : tasks.error && !tasks.data ? (
        <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={isFiltered ? "No tasks match these filters." : "No tasks yet."}>{isFiltered ? "Try other filters." : "Create the first one with New task."}</EmptyState>
      ) : (
        <>
          <Table caption="Tasks" columns={["Title", "Status", "Assignee", { numeric: "Logged" }]}>
            <tbody>
              {items.map((task) => (
                <tr key={task.id}>
                  <td>
                    <Link href={`/tasks/${task.id}`}>{task.title}</Link>
                    {task.subtasks.length > 0 && (
                      <span className="text-muted-foreground text-sm">
                        {" "}
                        · {task.subtasks.filter((subtask) => subtask.isCompleted).length}/{task.subtasks.length}
                      </span>
                    )}
                  </td>
                  <td data-label="Status">
                    <Pill tone={STATUS_TONES[task.status]}>{statusLabel(task.status)}</Pill>
                  </td>
                  <td data-label="Assignee">{task.assigneeId ? (memberName.get(task.assigneeId) ?? "—") : <span className="text-muted-foreground">Nobody</span>}</td>
                  <td className="text-right tabular-nums whitespace-nowrap" data-label="Logged">{formatDuration(task.loggedSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {tasks.hasNextPage && (
            <div className="flex justify-center mt-3.5">
              <Button onClick={() => void tasks.fetchNextPage()} isPending={tasks.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
