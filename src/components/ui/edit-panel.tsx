"use client";
// A page's edit card (a customer's, a project's): its heading, "Saved." once the last save went
// through (announced), and the form.
import type { ReactNode } from "react";
import { cn } from "./cn";
import { CARD, noticeClass } from "./styles";

export function EditPanel({ headingId, title, isSaved, children }: { headingId: string; title: string; isSaved: boolean; children: ReactNode }) {
  return (
    <section className={cn(CARD, "mt-7")} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {isSaved && (
        <p className={noticeClass("info")} role="status">
          Saved.
        </p>
      )}
      {children}
    </section>
  );
}
