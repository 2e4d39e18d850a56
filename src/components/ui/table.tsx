// Tables: a caption names them (visible or for screen readers); narrow screens scroll them sideways
// inside their own box instead of widening the page.
import type { ReactNode, TableHTMLAttributes } from "react";

export function Table({ caption, captionHidden = true, children, className, ...rest }: TableHTMLAttributes<HTMLTableElement> & { caption: string; captionHidden?: boolean }) {
  return (
    <div className="table-wrap">
      <table className={["table", className].filter(Boolean).join(" ")} {...rest}>
        <caption className={captionHidden ? "sr-only" : undefined}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Numbers line up on the right. */
export function NumberCell({ children }: { children: ReactNode }) {
  return <td className="num">{children}</td>;
}
