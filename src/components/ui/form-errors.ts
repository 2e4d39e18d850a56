"use client";
// One helper for every form: a failed call's `details[].field` lands on the field of that name, and
// whatever names no field on the form stays a form-level error.
import { useCallback, useState } from "react";
import { describeError, type DisplayError } from "@/trpc/errors";

export interface MappedErrors {
  /** Message per form field name. */
  fields: Record<string, string>;
  /** The error as a whole, unless every detail found its field; then null. */
  form: DisplayError | null;
}

/**
 * Maps server field names onto a form's fields. A detail matches a field by its full name
 * (`billing.currency`), by a leading part of it (`scopes.0` → `scopes`: one item of a list field), by
 * its last segment (`entries.0.startedAt` → `startedAt`), or through `aliases` (server name → form
 * field name).
 */
export function mapErrorToFields(error: DisplayError, fieldNames: readonly string[], aliases: Record<string, string> = {}): MappedErrors {
  const fields: Record<string, string> = {};
  const unmatched = [];
  for (const detail of error.details) {
    const segments = detail.field.split(".");
    const lastSegment = segments.at(-1) ?? detail.field;
    const leading = segments.slice(0, -1).map((_, index) => segments.slice(0, segments.length - 1 - index).join("."));
    const name = [aliases[detail.field], aliases[lastSegment], detail.field, ...leading, lastSegment].find((candidate) => candidate !== undefined && fieldNames.includes(candidate));
    if (name) fields[name] ??= detail.message;
    else unmatched.push(detail);
  }
  const matchedAll = error.details.length > 0 && unmatched.length === 0;
  return { fields, form: matchedAll ? null : { ...error, details: unmatched } };
}

export interface ServerErrors {
  /** The message for a field, for `<Field error>`. */
  fieldError: (name: string) => string | undefined;
  formError: DisplayError | null;
  /** Shows a caught error; returns the described error for callers that branch on its code. */
  capture: (caught: unknown) => DisplayError;
  clear: () => void;
}

/** Server errors of one form: `capture` in a mutation's onError, `clear` before submitting. */
export function useServerErrors(fieldNames: readonly string[], aliases?: Record<string, string>): ServerErrors {
  const [mapped, setMapped] = useState<MappedErrors>({ fields: {}, form: null });
  const capture = (caught: unknown) => {
    const error = describeError(caught);
    setMapped(mapErrorToFields(error, fieldNames, aliases));
    return error;
  };
  const clear = useCallback(() => setMapped({ fields: {}, form: null }), []);
  return { fieldError: (name) => mapped.fields[name], formError: mapped.form, capture, clear };
}

