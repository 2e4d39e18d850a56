"use client";
// A labelled control with an optional hint and the server's message for it. The control gets its id,
// `aria-describedby` (hint and error) and `aria-invalid` from here, so every form reads the same way.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { currencySign } from "@/lib/money";
import { cn } from "./cn";

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** A field: label, control, hint and error stacked; text controls take the full width. */
const FIELD = "grid gap-1 [&_input:not([type=checkbox]):not([type=radio])]:w-full [&_select]:w-full [&_textarea]:w-full";
export const LABEL = "text-[0.9rem] font-semibold";
export const HINT = "text-[0.82rem] text-muted-foreground";
/** `field-error` marks the message for browser tests. */
export const ERROR = "field-error text-[0.85rem] font-medium text-danger";
/** A checkbox with its label beside it. */
export const CHECK = "inline-flex cursor-pointer items-center gap-2 font-medium [&_input]:m-0 [&_input]:size-4";

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The server's (or the form's) message for this field. */
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn(FIELD, className)}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {hint && (
        <small id={hintId} className={HINT}>
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className={ERROR} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

type Common = Omit<FieldProps, "children">;

export function TextField({ label, hint, error, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} {...control} />}
    </Field>
  );
}

/**
 * An amount typed in `currency`, its sign beside the control (and read with it); null: a rate applied
 * in the currency of whichever customer it bills.
 */
export function MoneyField({ label, hint, error, className, currency, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { currency: string | null }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => {
        const signId = `${control.id}-currency`;
        return (
          <div className="flex items-center gap-2">
            <input inputMode="decimal" {...input} {...control} aria-describedby={[signId, control["aria-describedby"]].filter(Boolean).join(" ")} className="min-w-0 flex-1" />
            <span id={signId} className="shrink-0 text-sm text-muted-foreground" data-testid="currency-sign">
              {currency ? currencySign(currency) : "in the customer's currency"}
            </span>
          </div>
        );
      }}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, className, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea rows={3} {...textarea} {...control} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({ label, hint, error, className, options, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[] }) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it (not above, as for text fields). */
export function CheckboxField({ label, hint, error, className, ...input }: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const id = useId();
  return (
    <div className={cn(FIELD, className)}>
      <label htmlFor={id} className={CHECK}>
        <input type="checkbox" id={id} aria-invalid={error ? true : undefined} {...input} />
        <span>{label}</span>
      </label>
      {hint && <small className={HINT}>{hint}</small>}
      {error && (
        <small className={ERROR} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
