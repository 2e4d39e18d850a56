"use client";
// The report's controls: the period (a named one or two days), one or two groupings, and the filters.
// Every change goes to the address, which is the report's one state.
import { useQuery } from "@tanstack/react-query";
import { DateField, SelectField } from "@/components/ui";
import { TOOLBAR } from "@/components/ui/styles";
import { CustomerPicker, MemberPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { useTRPC } from "@/trpc/react";
import type { ReportDimension } from "@/server/contract/time-report";
import { APPROVAL_LABELS, DIMENSION_LABELS, DIMENSIONS, RANGE_LABELS, RANGES, type Approval, type Billable, type Invoiced, type ReportQuery } from "./report-query";

const NO_SECOND = "";

/** The filters chosen from a few values, the first of them meaning every log. */
const CHOICE_FILTERS: { name: "billable" | "invoiced" | "approval"; label: string; options: { value: Billable | Invoiced | Approval; label: string }[] }[] = [
  {
    name: "billable",
    label: "Billable",
    options: [
      { value: "all", label: "Billable and not" },
      { value: "billable", label: "Billable only" },
      { value: "non_billable", label: "Non-billable only" },
    ],
  },
  {
    name: "invoiced",
    label: "Invoiced",
    options: [
      { value: "all", label: "Invoiced and not" },
      { value: "invoiced", label: "Invoiced only" },
      { value: "not_invoiced", label: "Not invoiced yet" },
    ],
  },
  {
    name: "approval",
    label: "Approval",
    options: (Object.keys(APPROVAL_LABELS) as Approval[]).map((value) => ({ value, label: APPROVAL_LABELS[value] })),
  },
];

/** The names of filters chosen in a bookmarked address (the pickers' first page may not hold them). */
function useChosenLabels(query: ReportQuery) {
  const trpc = useTRPC();
  const customer = useQuery({ ...trpc.customers.get.queryOptions({ id: query.customerId ?? "" }), enabled: query.customerId !== null });
  const project = useQuery({ ...trpc.constellations.get.queryOptions({ id: query.projectId ?? "" }), enabled: query.projectId !== null });
  const task = useQuery({ ...trpc.tasks.getWithAuthors.queryOptions({ taskId: query.taskId ?? "" }), enabled: query.taskId !== null });
  return { customer: customer.data?.name, project: project.data?.title, task: task.data?.title };
}

export function ReportFilters({
  query,
  days,
  isAdmin,
  onChange,
}: {
  query: ReportQuery;
  /** The days the period covers, shown in the date fields; null while custom days are incomplete. */
  days: { from: string; to: string } | null;
  isAdmin: boolean;
  onChange: (next: Partial<ReportQuery>) => void;
}) {
  const labels = useChosenLabels(query);
  const [first, second] = query.groupBy;
  const setDay = (field: "from" | "to") => (day: string) => {
    const current = { from: query.range === "custom" ? query.from : (days?.from ?? ""), to: query.range === "custom" ? query.to : (days?.to ?? "") };
    onChange({ range: "custom", ...current, [field]: day });
  };
  const reversed = query.range === "custom" && query.from && query.to && query.to < query.from;

  return (
    <div className="grid gap-1 mb-2">
      <div className={TOOLBAR} role="group" aria-label="Period and grouping">
        <SelectField
          label="Period"
          value={query.range}
          onChange={(event) => onChange({ range: event.target.value as ReportQuery["range"] })}
          options={[...RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] })), { value: "custom", label: "Custom days" }]}
        />
        <DateField label="From" value={query.range === "custom" ? query.from : (days?.from ?? "")} onDayChange={setDay("from")} />
        <DateField label="To" value={query.range === "custom" ? query.to : (days?.to ?? "")} onDayChange={setDay("to")} error={reversed ? "must not be before From" : undefined} />
        <SelectField
          label="Group by"
          value={first}
          onChange={(event) => {
            const next = event.target.value as ReportDimension;
            onChange({ groupBy: second && second !== next ? [next, second] : [next] });
          }}
          options={DIMENSIONS.map((dimension) => ({ value: dimension, label: DIMENSION_LABELS[dimension] }))}
        />
        <SelectField
          label="Then by"
          value={second ?? NO_SECOND}
          onChange={(event) => {
            const next = event.target.value as ReportDimension | typeof NO_SECOND;
            onChange({ groupBy: next === NO_SECOND ? [first] : [first, next] });
          }}
          options={[{ value: NO_SECOND, label: "Nothing" }, ...DIMENSIONS.filter((dimension) => dimension !== first).map((dimension) => ({ value: dimension, label: DIMENSION_LABELS[dimension] }))]}
        />
      </div>
      <div className={TOOLBAR} role="group" aria-label="Filters">
        <CustomerPicker label="Customer" noneLabel="All customers" value={query.customerId} selectedLabel={labels.customer} onChange={(customerId) => onChange({ customerId })} />
        <ProjectPicker label="Project" noneLabel="All projects" value={query.projectId} selectedLabel={labels.project} onChange={(projectId) => onChange({ projectId })} />
        <TaskPicker label="Task" noneLabel="All tasks" value={query.taskId} selectedLabel={labels.task} onChange={(taskId) => onChange({ taskId })} />
        {isAdmin && <MemberPicker label="Member" noneLabel="Everyone" value={query.userId} onChange={(userId) => onChange({ userId })} />}
        {CHOICE_FILTERS.map((filter) => (
          <SelectField key={filter.name} label={filter.label} value={query[filter.name]} onChange={(event) => onChange({ [filter.name]: event.target.value })} options={filter.options} />
        ))}
      </div>
    </div>
  );
}
