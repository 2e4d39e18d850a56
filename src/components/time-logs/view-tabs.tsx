"use client";
// The Time logs views as an accessible tablist (List, Timesheet, Calendar): arrow keys, Home and End
// move between tabs; the chosen view lives in the address (?view=) beside the week.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export const VIEWS = [
  { value: "list", label: "List" },
  { value: "timesheet", label: "Timesheet" },
  { value: "calendar", label: "Calendar" },
] as const;
export type View = (typeof VIEWS)[number]["value"];

export const viewFromParam = (param: string | null): View => VIEWS.find((view) => view.value === param)?.value ?? "list";

export function ViewTabs({ view, onChange, children }: { view: View; onChange: (view: View) => void; children: ReactNode }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = VIEWS.length - 1;
    const next = event.key === "ArrowRight" ? (index + 1) % VIEWS.length : event.key === "ArrowLeft" ? (index + last) % VIEWS.length : event.key === "Home" ? 0 : event.key === "End" ? last : null;
    if (next === null) return;
    event.preventDefault();
    onChange(VIEWS[next]!.value);
    tabs.current[next]?.focus();
  }
  return (
    <>
      <div role="tablist" aria-label="Views" className="mb-4 flex gap-1 border-b border-border">
        {VIEWS.map((tab, index) => (
          <button
            key={tab.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`view-tab-${tab.value}`}
            aria-selected={view === tab.value}
            aria-controls={`view-panel-${tab.value}`}
            tabIndex={view === tab.value ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "-mb-px cursor-pointer border-x-0 border-t-0 border-b-2 border-solid border-b-transparent bg-transparent px-3.5 py-2 font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary",
              "aria-selected:border-b-primary aria-selected:text-foreground",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`view-panel-${view}`} aria-labelledby={`view-tab-${view}`} tabIndex={-1}>
        {children}
      </div>
    </>
  );
}
