"use client";
// Searchable pickers for the organization's tasks, customers, projects and members: a Combobox whose
// search runs on the server (first 20 matches), shared by every form that files time or work.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Combobox, type ComboboxOption } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE } from "@/trpc/first-page";

const PICKER_LIMIT = 20;

interface PickerProps {
  label?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Label of the current value when the first page of matches does not hold it. */
  selectedLabel?: string;
  noneLabel?: string;
  placeholder?: string;
  error?: string;
  hint?: string;
  className?: string;
  disabled?: boolean;
}

function useSearch() {
  const [search, setSearch] = useState("");
  // Typing stays fluid; the query follows the deferred value.
  return { search: useDeferredValue(search).trim() || undefined, setSearch };
}

export function TaskPicker({ label = "Task", noneLabel = "No task", ...props }: PickerProps) {
  const trpc = useTRPC();
  const { search, setSearch } = useSearch();
  const query = useQuery({ ...trpc.tasks.list.queryOptions({ search, limit: PICKER_LIMIT }), placeholderData: keepPreviousData });
  const options: ComboboxOption[] = (query.data?.items ?? []).map((task) => ({ value: task.id, label: task.title, description: task.status.replace("_", " ") }));
  return <Combobox label={label} noneLabel={noneLabel} placeholder={noneLabel} options={options} onSearchChange={setSearch} isLoading={query.isFetching && !query.data} {...props} />;
}

export function CustomerPicker({ label = "Customer", noneLabel = "No customer", ...props }: PickerProps) {
  const trpc = useTRPC();
  const { search, setSearch } = useSearch();
  const query = useQuery({ ...trpc.customers.list.queryOptions({ search, limit: PICKER_LIMIT }), placeholderData: keepPreviousData });
  const options: ComboboxOption[] = (query.data?.items ?? []).map((customer) => ({ value: customer.id, label: customer.name, description: customer.company ?? undefined }));
  return <Combobox label={label} noneLabel={noneLabel} placeholder={noneLabel} options={options} onSearchChange={setSearch} isLoading={query.isFetching && !query.data} {...props} />;
}

export function ProjectPicker({ label = "Project", noneLabel = "No project", ...props }: PickerProps) {
  const trpc = useTRPC();
  const { search, setSearch } = useSearch();
  const query = useQuery({ ...trpc.constellations.list.queryOptions({ search, limit: PICKER_LIMIT }), placeholderData: keepPreviousData });
  const options: ComboboxOption[] = (query.data?.items ?? []).map((project) => ({ value: project.id, label: project.title }));
  return <Combobox label={label} noneLabel={noneLabel} placeholder={noneLabel} options={options} onSearchChange={setSearch} isLoading={query.isFetching && !query.data} {...props} />;
}

/** The organization's members (first 100), for assignee and member filters. */
export function useMembers() {
  const trpc = useTRPC();
  return useQuery(trpc.organization.listMembers.queryOptions({ limit: PAGE_SIZE.all }));
}

export function MemberPicker({ label = "Member", noneLabel = "Everyone", ...props }: PickerProps) {
  const members = useMembers();
  const options: ComboboxOption[] = (members.data?.items ?? []).map((member) => ({ value: member.id, label: member.name, description: member.email }));
  return <Combobox label={label} noneLabel={noneLabel} placeholder={noneLabel} options={options} isLoading={members.isPending} {...props} />;
}
