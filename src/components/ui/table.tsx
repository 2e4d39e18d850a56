// Tables: a caption names them (visible or for screen readers). On a phone a list table becomes one
// card per row: a cell's `data-label` names its value there (a cell without one is the row's title or
// its actions); `stacked={false}` keeps the grid and scrolls it sideways inside its own box.
import type { ReactNode, TableHTMLAttributes } from "react";

export function Table({
  caption,
  captionHidden = true,
  stacked = true,
  children,
  className,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & { caption: string; captionHidden?: boolean; stacked?: boolean }) {
  return (
    <div className={stacked ? "table-wrap table-wrap-stacked" : "table-wrap"}>
      <table className={["table", stacked && "table-stacked", className].filter(Boolean).join(" ")} {...rest}>
        <caption className={captionHidden ? "sr-only" : undefined}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Numbers line up on the right. */
export function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="num" data-label={label}>
      {children}
    </td>
  );
}

/** The header of a row-actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="sr-only">Actions</span>
    </th>
  );
}
