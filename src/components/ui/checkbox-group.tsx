"use client";
// A set of checkboxes under one legend, optionally in named groups (scopes by resource, event types
// by object). Each box is labelled with its value's name, so it can be found by that name.
import type { ReactNode } from "react";
import { cn } from "./cn";
import { CHECK, ERROR, HINT, LABEL } from "./field";

export interface CheckboxGroupSection {
  /** Heading of the group, in words ("Tasks", "Projects"), shown as written; omit for a single flat group. */
  title?: string;
  options: { value: string; label: string; description?: string }[];
}

export interface CheckboxGroupProps {
  legend: ReactNode;
  sections: CheckboxGroupSection[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
}

export function CheckboxGroup({ legend, sections, value, onChange, hint, error, disabled }: CheckboxGroupProps) {
  const toggle = (option: string, isChecked: boolean) => onChange(isChecked ? [...value, option] : value.filter((existing) => existing !== option));
  return (
    <fieldset className="m-0 grid min-w-0 gap-2 border-0 p-0" disabled={disabled} aria-invalid={error ? true : undefined}>
      <legend className={cn(LABEL, "mb-1 p-0")}>{legend}</legend>
      {hint && <small className={HINT}>{hint}</small>}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(180px,1fr))] gap-3">
        {sections.map((section, index) => (
          <div key={section.title ?? index} className="grid content-start gap-1.5" role={section.title ? "group" : undefined} aria-label={section.title}>
            {section.title && <p className="m-0 text-sm font-semibold text-muted-foreground">{section.title}</p>}
            {section.options.map((option) => (
              <label key={option.value} className={CHECK}>
                <input type="checkbox" checked={value.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
                <span>
                  {option.label}
                  {option.description && <span className="text-muted-foreground text-sm"> — {option.description}</span>}
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <small className={ERROR} role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
