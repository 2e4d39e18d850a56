"use client";
// A list's search box and "Show archived" toggle; the search is deferred so typing stays smooth.
import { useDeferredValue, useState } from "react";
import { TOOLBAR } from "./styles";
import { CheckboxField } from "./field";
import { TextField } from "./field";

export function useListFilters() {
  const [search, setSearch] = useState("");
  const [includeArchived, setIncludeArchived] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  // The lists take the flag in its query-string form, as /api/v1 does.
  const query = { search: deferredSearch || undefined, includeArchived: includeArchived ? ("true" as const) : ("false" as const) };
  return { search, setSearch, includeArchived, setIncludeArchived, query };
}

export function ListFilters({ label, filters }: { label: string; filters: ReturnType<typeof useListFilters> }) {
  return (
    <div className={TOOLBAR} role="search" aria-label={label}>
      <TextField label={label} type="search" value={filters.search} onChange={(event) => filters.setSearch(event.target.value)} autoComplete="off" />
      <CheckboxField label="Show archived" checked={filters.includeArchived} onChange={(event) => filters.setIncludeArchived(event.target.checked)} />
    </div>
  );
}
