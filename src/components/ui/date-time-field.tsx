"use client";
// A date and time typed as text in the person's zone and clock (`2026-11-25 14:30`, or `2026-11-25
// 2:30 PM`), for every date-time a form asks for. A browser's own date-time control follows the
// browser's locale (a 12-hour clock in en-US whatever the person chose), so it is not used. What it
// reads, `fromLocalInputValue` reads too: either clock, `T` between date and time, seconds. Leaving
// the field rewrites a readable value in the person's format. Controlled (`value` with `onTextChange`)
// where other fields follow it (Start, End and Duration linked by useTimeRange).
import type { InputHTMLAttributes } from "react";
import { display } from "@/lib/display";
import { fromLocalInputValue, toLocalInputValue, wallTimeIn } from "@/lib/time-format";
import { TextField, type FieldProps } from "./field";

type DateTimeFieldProps = Omit<FieldProps, "children"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
    value?: string;
    /** The text as typed (and as rewritten on leaving the field), for a controlled field. */
    onTextChange?: (text: string) => void;
  };

/** An example in the person's clock, for the hint. */
export const dateTimeExample = () => `2026-11-25 ${wallTimeIn("14:30", display().timeFormat)}`;

/** What a form says when a date-time field holds something else. */
export const unreadableDateTime = () => `Enter a date and time like ${dateTimeExample()}.`;

export function DateTimeField({ hint, onBlur, onTextChange, ...props }: DateTimeFieldProps) {
  const example = dateTimeExample();
  return (
    <TextField
      {...props}
      type="text"
      inputMode="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={example}
      hint={
        <>
          {hint}
          {hint ? " " : ""}Date and time, like {example}.
        </>
      }
      onChange={onTextChange && ((event) => onTextChange(event.currentTarget.value))}
      onBlur={(event) => {
        const instant = fromLocalInputValue(event.currentTarget.value);
        if (instant) {
          const text = toLocalInputValue(instant);
          if (onTextChange) onTextChange(text);
          else event.currentTarget.value = text;
        }
        onBlur?.(event);
      }}
    />
  );
}
