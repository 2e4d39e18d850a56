"use client";
// A searchable select: a button (role combobox, named by its label) opens a Radix popover with a cmdk
// list that filters as you type, navigable by arrow keys, Enter to pick, Escape to close. With
// `onSearchChange` the caller searches on the server and the list shows what it returns.
import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import { useState } from "react";
import { Field } from "./field";

const NONE_VALUE = "__none__";
const ITEM = "flex cursor-pointer justify-between gap-3 rounded-md px-2.5 py-[7px] data-[selected=true]:bg-primary-soft data-selected-value:font-semibold";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Smaller text after the label (a customer's company, a task's status). */
  description?: string;
}

export interface ComboboxProps {
  label: string;
  options: ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Shown when nothing is chosen. */
  placeholder?: string;
  /** Offers this entry to clear the choice (e.g. "No task"). */
  noneLabel?: string;
  /** Label of the chosen value when it is not among `options` (a server search moved on). */
  selectedLabel?: string;
  onSearchChange?: (search: string) => void;
  isLoading?: boolean;
  hint?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
}

export function Combobox({ label, options, value, onChange, placeholder = "Choose…", noneLabel, selectedLabel, onSearchChange, isLoading, hint, error, disabled, className }: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  // The label of what was picked here, kept for when a later search no longer lists it.
  const [picked, setPicked] = useState<ComboboxOption | null>(null);
  // An id is never shown: until the chosen value's label arrives, the field says it is loading.
  const chosen =
    value === null ? null : (options.find((option) => option.value === value)?.label ?? (picked?.value === value ? picked.label : undefined) ?? selectedLabel ?? "Loading…");
  const showNone = Boolean(noneLabel) && !search.trim();
  // The highlighted entry is ours, not cmdk's: results that arrive after typing highlight their first
  // entry, so Enter picks it (cmdk would keep an empty highlight for late server results).
  const [highlighted, setHighlighted] = useState("");
  const entryValues = [...(showNone ? [NONE_VALUE] : []), ...options.map((option) => option.value)];
  const activeValue = entryValues.includes(highlighted) ? highlighted : (entryValues[0] ?? "");

  function pick(next: string | null) {
    setPicked(options.find((option) => option.value === next) ?? null);
    onChange(next);
    setOpen(false);
    setSearch("");
    onSearchChange?.("");
  }

  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button type="button" role="combobox" aria-expanded={open} aria-haspopup="listbox" className="flex min-h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-lg border border-input bg-surface px-[11px] py-2 text-left text-foreground aria-invalid:border-danger [&>span:first-child]:truncate" disabled={disabled} {...control}>
              <span className={chosen === null ? "text-muted-foreground" : undefined}>{chosen ?? placeholder}</span>
              <span aria-hidden="true" className="text-muted-foreground">
                ▾
              </span>
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className="z-60 w-[max(var(--radix-popover-trigger-width),240px)] max-w-[calc(100vw-24px)] rounded-[10px] border border-border bg-surface p-1.5 shadow-[0_12px_30px_rgb(16_24_40/0.16)]" align="start" sideOffset={4}>
              {/* cmdk names its input and list after this label (aria-labelledby wins over aria-label). */}
              <Command shouldFilter={!onSearchChange} label={`Search ${label.toLowerCase()}`} value={onSearchChange ? activeValue : undefined} onValueChange={setHighlighted}>
                <Command.Input
                  value={search}
                  onValueChange={(next) => {
                    setSearch(next);
                    onSearchChange?.(next);
                  }}
                  placeholder="Search…"
                  aria-label={`Search ${label.toLowerCase()}`}
                  className="mb-1.5 w-full"
                />
                <Command.List className="max-h-[260px] overflow-y-auto [&_[cmdk-empty]]:px-2.5 [&_[cmdk-empty]]:py-2 [&_[cmdk-empty]]:text-[0.9rem] [&_[cmdk-empty]]:text-muted-foreground [&_[cmdk-loading]]:px-2.5 [&_[cmdk-loading]]:py-2 [&_[cmdk-loading]]:text-[0.9rem] [&_[cmdk-loading]]:text-muted-foreground">
                  {isLoading ? <Command.Loading>Searching…</Command.Loading> : <Command.Empty>No matches.</Command.Empty>}
                  {/* While searching, the first match leads, so Enter picks it. */}
                  {showNone && (
                    <Command.Item value={NONE_VALUE} keywords={[noneLabel ?? ""]} onSelect={() => pick(null)} className={ITEM}>
                      {noneLabel}
                    </Command.Item>
                  )}
                  {options.map((option) => (
                    <Command.Item key={option.value} value={option.value} keywords={[option.label, ...(option.description ? [option.description] : [])]} onSelect={() => pick(option.value)} className={ITEM} data-selected-value={option.value === value || undefined}>
                      <span>{option.label}</span>
                      {option.description && <span className="text-muted-foreground text-sm">{option.description}</span>}
                    </Command.Item>
                  ))}
                </Command.List>
              </Command>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
    </Field>
  );
}
