// Tables: a caption names them (visible or for screen readers). On a phone a list table becomes one
// card per row: a cell's `data-label` names its value there (a cell without one is the row's title or
// its actions); `stacked={false}` keeps the grid and scrolls it sideways inside its own box.
// `columns` writes the header row: a name, a numeric column (right-aligned), or ACTIONS.
import type { ReactNode, TableHTMLAttributes } from "react";
import { cn } from "./cn";

/**
 * `relative`: text kept for screen readers (`sr-only`, absolutely positioned) inside a wide grid is
 * placed, and clipped, within the grid's own scrolling box, not the page's, which it would widen.
 */
const WRAP = "relative overflow-x-auto rounded-card border border-border bg-surface";
const TABLE = cn(
  "w-full border-collapse text-[0.92rem]",
  "[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2.5 [&_td]:align-top",
  "[&_th]:border-b [&_th]:border-border [&_th]:px-3 [&_th]:py-2.5 [&_th]:align-top [&_th:not(.text-right)]:text-left",
  "[&_th]:bg-surface-raised [&_th]:text-xs [&_th]:font-semibold [&_th]:tracking-[0.04em] [&_th]:whitespace-nowrap [&_th]:text-muted-foreground [&_th]:uppercase",
  "[&_tbody_tr:last-child_td]:border-b-0 [&_tfoot_td]:border-t [&_tfoot_td]:border-b-0 [&_tfoot_td]:font-bold",
);
/** Phones: one card per row, each value beside its column's name (`data-label`); the header is kept for screen readers. */
const WRAP_STACKED = "max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent";
const TABLE_STACKED = cn(
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_td]:block max-sm:[&_td]:w-full",
  "max-sm:[&_thead]:absolute max-sm:[&_thead]:size-px max-sm:[&_thead]:overflow-hidden max-sm:[&_thead]:[clip-path:inset(50%)]",
  "max-sm:[&_tbody_tr]:mb-2.5 max-sm:[&_tbody_tr]:rounded-card max-sm:[&_tbody_tr]:border max-sm:[&_tbody_tr]:border-border max-sm:[&_tbody_tr]:bg-surface max-sm:[&_tbody_tr]:py-2",
  "max-sm:[&_td]:border-0! max-sm:[&_td]:px-3.5! max-sm:[&_td]:py-[3px]! max-sm:[&_td]:whitespace-normal! max-sm:[&_td:not([data-label])]:font-semibold",
  "max-sm:[&_td[data-label]]:flex! max-sm:[&_td[data-label]]:items-baseline max-sm:[&_td[data-label]]:justify-between max-sm:[&_td[data-label]]:gap-3 max-sm:[&_td[data-label]]:text-right! max-sm:[&_td[data-label]]:font-normal",
  "max-sm:[&_td[data-label]]:before:flex-none max-sm:[&_td[data-label]]:before:text-left max-sm:[&_td[data-label]]:before:text-[0.82rem] max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)]",
);

/** The column of a row's actions: named for screen readers only. */
export const ACTIONS = Symbol("actions");
const NUMERIC = "text-right tabular-nums whitespace-nowrap";

/** A header cell: its name, a numeric column's name, the actions column; false leaves it out. */
export type Column = string | { numeric: ReactNode; key?: string } | typeof ACTIONS | false | null | undefined;

function HeaderRow({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          if (!column) return null;
          if (column === ACTIONS) return <ActionsHeader key="actions" />;
          if (typeof column === "string") return <th key={column} scope="col">{column}</th>;
          return (
            <th key={column.key ?? index} scope="col" className={NUMERIC}>
              {column.numeric}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function Table({
  caption,
  captionHidden = true,
  stacked = true,
  columns,
  children,
  className,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { caption: string; captionHidden?: boolean; stacked?: boolean; columns?: readonly Column[] }) {
  return (
    <div className={cn(WRAP, stacked && WRAP_STACKED)}>
      <table className={cn(TABLE, stacked && TABLE_STACKED, className)} {...rest}>
        <caption className={captionHidden ? "sr-only" : undefined}>{caption}</caption>
        {columns && <HeaderRow columns={columns} />}
        {children}
      </table>
    </div>
  );
}

/** Numbers line up on the right. */
export function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={NUMERIC} data-label={label}>
      {children}
    </td>
  );
}

/** The header of a row-actions column: named for screen readers, blank on screen. */
function ActionsHeader() {
  return (
    <th scope="col">
      <span className="sr-only">Actions</span>
    </th>
  );
}
