"use client";
// Settings → Import and export: the organization's data out as a ZIP of CSVs (streamed by the
// server), and time logs in (import-panel.tsx).
import Link from "next/link";
import { buttonClass, PageHeader } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD } from "@/components/ui/styles";
import { useIsAdmin } from "@/components/ui/use-account";
import { ImportPanel } from "./import-panel";

function ExportPanel() {
  const isAdmin = useIsAdmin();
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="export-heading">
      <h2 id="export-heading" className="m-0">
        Export
      </h2>
      <p className="m-0 text-muted-foreground">
        {isAdmin
          ? "Everything in one ZIP of CSV files: time logs, tasks, customers, projects and invoices. Its time-logs.csv imports back into Orbit with the source “Orbit export”."
          : "Your own time logs, with the tasks, customers and projects, in one ZIP of CSV files (invoices and rates are for admins)."}
      </p>
      <div>
        {/* A plain download: the server streams the archive, the browser saves it. */}
        <a className={buttonClass("primary")} href="/api/app/export" download>
          Download export (ZIP)
        </a>
      </div>
    </section>
  );
}

export function DataPage() {
  return (
    <>
      <p className="text-sm">
        <Link href="/settings">← Settings</Link>
      </p>
      <PageHeader title="Import and export" description="Bring your history from Toggl Track, Clockify or Harvest, and take Orbit's data out in one piece." />
      <div className="grid gap-4">
        <ImportPanel />
        <ExportPanel />
      </div>
    </>
  );
}
