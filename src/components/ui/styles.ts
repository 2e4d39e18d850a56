// Looks that many components share, as utility strings: a card, a notice, a form's grid of fields,
// a list's toolbar. Components compose them with `cn(CARD, "…")`.
import { cn } from "./cn";

export const CARD = "rounded-card border border-border bg-surface p-6 shadow-xs max-md:p-4";

/** A form's fields, one under the other. */
export const FORM = "grid gap-3.5 [&_p]:m-0 [&>*]:min-w-0";

/** Fields side by side while there is room, one under the other on a phone. */
export const FORM_GRID = "grid grid-cols-[repeat(auto-fit,minmax(200px,1fr))] items-start gap-3.5 [&>*]:min-w-0";

/** Filters above a list; each control keeps a usable width and wraps. */
export const TOOLBAR = "mb-4 flex flex-wrap items-end gap-3 [&>*]:min-w-40 max-md:[&>*]:min-w-0 max-md:[&>*]:flex-[1_1_140px]";

const NOTICE_TONES = {
  info: "border-info-border bg-info-soft",
  error: "border-danger-border bg-danger-soft text-danger [[role=alertdialog]_&]:mb-0 [[role=dialog]_&]:mb-0 [form_&]:mb-0",
  warning: "border-warning-border bg-warning-soft text-warning",
} as const;

/** A boxed message: what happened or what to know, above what it is about. */
export function noticeClass(tone: keyof typeof NOTICE_TONES): string {
  return cn("m-0 mb-3.5 rounded-lg border px-3 py-2.5 text-[0.92rem] [&_p]:m-0 [&_ul]:mt-1.5 [&_ul]:mb-0 [&_ul]:pl-5", NOTICE_TONES[tone]);
}
