"use client";
// A calendar day typed as text, `2026-11-25`, for every date a form or filter asks for. A browser's
// own date control shows the browser's locale (11/25/2026 in en-US whatever the person chose), so it
// is not used, as for date-times (date-time-field.tsx). `onDayChange` hears only whole days (or ""
// when cleared), so a filter does not run on a half-typed one; a form takes `onTextChange`; `/` and `.` between the parts and
// one-digit months and days are read too, and rewritten in the one format on leaving the field.
import { useEffect, useState, type InputHTMLAttributes } from "react";
import { TextField, type FieldProps } from "./field";

const DAY_EXAMPLE = "2026-11-25";

/** `text` as a `YYYY-MM-DD` day, "" when blank, undefined when it is not a day of the calendar. */
export function readDay(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

type DateFieldProps = Omit<FieldProps, "children"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
    /** The day shown (`YYYY-MM-DD` or ""); a new value replaces what was typed. */
    value: string;
    /** Whole days only (a filter's way): what is typed reaches it once it is a day. */
    onDayChange?: (day: string) => void;
    /** Every keystroke (a form's way): the server's message answers what is not a day. */
    onTextChange?: (text: string) => void;
  };

export function DateField({ value, onDayChange, onTextChange, error, onBlur, ...props }: DateFieldProps) {
  const [text, setText] = useState(value);
  const [left, setLeft] = useState(false);
  useEffect(() => setText(value), [value]);
  const day = readDay(text);
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      // As wide as a day (a text box's default is 20 characters), so in a toolbar it sits like a select.
      size={11}
      autoComplete="off"
      spellCheck={false}
      placeholder={DAY_EXAMPLE}
      value={text}
      error={error ?? (left && day === undefined ? `Enter a date like ${DAY_EXAMPLE}.` : undefined)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setLeft(false);
        onTextChange?.(next);
        const nextDay = readDay(next);
        if (onDayChange && nextDay !== undefined && nextDay !== value) onDayChange(nextDay);
      }}
      onBlur={(event) => {
        setLeft(true);
        if (day !== undefined && day !== text) {
          setText(day);
          onTextChange?.(day);
        }
        onBlur?.(event);
      }}
    />
  );
}
