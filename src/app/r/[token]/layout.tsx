// A shared report's frame: no app shell and no session, only the brand and the report.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Brand } from "@/components/ui/brand";

/** Secret links stay out of search engines and out of the Referer sent to other sites. */
export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: "no-referrer" };

export default function SharedReportLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-[1120px] items-center px-6 max-md:px-4">
          <Brand href="/" />
        </div>
      </header>
      <main className="mx-auto min-h-[calc(100vh-56px)] max-w-[1120px] px-6 py-8 max-md:px-4">{children}</main>
    </>
  );
}
