"use client";
// A set of checkboxes under one legend, optionally in named groups (scopes by resource, event types
// by object). Each box is labelled with its value's name, so it can be found by that name.
import type { ReactNode } from "react";

export interface CheckboxGroupSection {
  /** Heading of the group ("tasks"); omit for a single flat group. */
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
    <fieldset className={["checkbox-group", error && "field-invalid"].filter(Boolean).join(" ")} disabled={disabled} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {hint && <small className="field-hint">{hint}</small>}
      <div className="checkbox-sections">
        {sections.map((section, index) => (
          <div key={section.title ?? index} className="checkbox-section" role={section.title ? "group" : undefined} aria-label={section.title}>
            {section.title && <p className="checkbox-section-title">{section.title}</p>}
            {section.options.map((option) => (
              <label key={option.value} className="check">
                <input type="checkbox" checked={value.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
                <span>
                  {option.label}
                  {option.description && <span className="muted small"> — {option.description}</span>}
                </span>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
