"use client";
// The project form for create and edit: title, goal, customer, status, due date.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FORM_GRID } from "@/components/ui/styles";
import { DateField, Form, SelectField, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import type { Project, ProjectInput } from "@/trpc/types";
import { MAX_NAME_LENGTH } from "@/lib/limits";
import { formatCalendarDay } from "@/lib/time-format";

const FIELD_NAMES = ["title", "goal", "customerId", "status", "dueDate"] as const;

const STATUS_OPTIONS = [
  { value: "planning", label: "Planning" },
  { value: "in_progress", label: "In progress" },
  { value: "completed", label: "Completed" },
];

/** A due date is a calendar day (stored as midnight UTC), so it is shown and edited as that day. */
export const dueDay = (dueDate: string | null) => dueDate?.slice(0, 10) ?? "";

export const formatDueDate = (dueDate: string | null): string => (dueDate ? formatCalendarDay(dueDate) : "—");

export const statusLabel = (status: string) => STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status;

export function ProjectForm({
  project,
  submitLabel,
  onSubmit,
}: {
  project?: Project;
  submitLabel: string;
  onSubmit: (input: ProjectInput) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const customers = useQuery(trpc.customers.list.queryOptions({ limit: 100 }));
  const [draft, setDraft] = useState({
    title: project?.title ?? "",
    goal: project?.goal ?? "",
    customerId: project?.customerId ?? "",
    status: project?.status ?? "planning",
    dueDate: dueDay(project?.dueDate ?? null),
  });
  const errors = useServerErrors(FIELD_NAMES);
  const set = (field: keyof typeof draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const customerOptions = [
    { value: "", label: customers.isPending ? "Loading customers…" : "No customer" },
    ...(customers.data?.items ?? []).map((customer) => ({ value: customer.id, label: customer.name })),
  ];
  // A project's archived customer is not in the picker's list, but stays selectable.
  if (project?.customerId && !customerOptions.some((option) => option.value === project.customerId)) {
    customerOptions.push({ value: project.customerId, label: project.customerName ?? "Current customer" });
  }

  async function submit() {
    await onSubmit({
      title: draft.title,
      goal: draft.goal,
      customerId: draft.customerId || null,
      status: draft.status as ProjectInput["status"],
      dueDate: draft.dueDate || null,
    });
    if (!project) setDraft({ title: "", goal: "", customerId: "", status: "planning", dueDate: "" });
  }

  return (
    <Form errors={errors} submitLabel={submitLabel} onSubmit={submit}>
      <div className={FORM_GRID}>
        <TextField label="Title" required value={draft.title} onChange={set("title")} error={errors.fieldError("title")} maxLength={MAX_NAME_LENGTH} />
        <SelectField label="Customer" value={draft.customerId} onChange={set("customerId")} error={errors.fieldError("customerId")} options={customerOptions} />
        <SelectField label="Status" value={draft.status} onChange={set("status")} error={errors.fieldError("status")} options={STATUS_OPTIONS} />
        <DateField label="Due date" value={draft.dueDate} onTextChange={(dueDate) => setDraft((current) => ({ ...current, dueDate }))} error={errors.fieldError("dueDate")} />
      </div>
      <TextAreaField label="Goal" value={draft.goal} onChange={set("goal")} error={errors.fieldError("goal")} />
    </Form>
  );
}
