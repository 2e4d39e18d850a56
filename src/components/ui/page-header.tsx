// The top of every app page: its title (the page's only h1), a line of context, its main actions.
import type { ReactNode } from "react";

/** Also for a page that lays out its own header (the invoice document). */
export const HEADER = "mb-5 flex flex-wrap items-start justify-between gap-4";
export const TITLE = "m-0 text-2xl max-md:text-[1.3rem]";
export const DESCRIPTION = "mt-1 mb-0 text-muted-foreground";
export const ACTIONS = "flex flex-wrap gap-2 print:hidden";

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className={HEADER}>
      <div>
        <h1 className={TITLE}>{title}</h1>
        {description && <p className={DESCRIPTION}>{description}</p>}
      </div>
      {actions && <div className={ACTIONS}>{actions}</div>}
    </div>
  );
}
