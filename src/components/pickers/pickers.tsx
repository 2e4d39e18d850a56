"use client";
// Searchable pickers for the organization's tasks, customers, projects and members: a Combobox whose
// search runs on the server (first 20 matches), shared by every form that files time or work; and the
// audit log's actors (people, API keys, apps).
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

/**
 * Whoever can act in the audit log (admins' filter): the members, the API keys made by hand (revoked
 * ones too, their entries stay) and the installed apps, whose keys act as the app.
 */
export function ActorPicker({ label = "Who", noneLabel = "Anyone", ...props }: PickerProps) {
  const trpc = useTRPC();
  const members = useMembers();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const apps = new Map<string, ComboboxOption>();
  const byHand: ComboboxOption[] = [];
  for (const key of keys.data ?? []) {
    if (key.app) apps.set(key.app.id, { value: key.app.id, label: key.app.name, description: "App" });
    else byHand.push({ value: key.id, label: key.name, description: key.isActive ? "API key" : "API key, revoked" });
  }
  const options: ComboboxOption[] = [
    ...(members.data?.items ?? []).map((member) => ({ value: member.id, label: member.name, description: member.email })),
    ...byHand,
    ...apps.values(),
  ];
  return <Combobox label={label} noneLabel={noneLabel} placeholder={noneLabel} options={options} isLoading={members.isPending || keys.isPending} {...props} />;
}
