"use client";
// Settings → Import and export: the organization's data out as a ZIP of CSVs (streamed by the
// server), and time logs in from Toggl Track, Clockify, Harvest or an Orbit export: a preview first
// (what would be created and matched, each row's problem with its line), then the import itself.
// Uploads show their progress; the server checks every row before it writes any.
import Link from "next/link";
import { useState } from "react";
import { Button, buttonClass, Form, FormError, NumberCell, PageHeader, SelectField, Table, TextField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, noticeClass } from "@/components/ui/styles";
import { useIsAdmin } from "@/components/ui/use-account";
import { uploadForm } from "@/lib/upload-form";
import { IMPORT_SOURCES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportResult, type ImportSource } from "@/server/contract/import";
import { describeError, EnvelopeError, type DisplayError } from "@/trpc/errors";

const SOURCES: Record<ImportSource, { label: string; where: string }> = {
  toggl: { label: "Toggl Track", where: "In Toggl Track: Reports → Detailed → Export → Download CSV." },
  clockify: { label: "Clockify", where: "In Clockify: Reports → Detailed → Export → Save as CSV." },
  harvest: { label: "Harvest", where: "In Harvest: Reports → Time → Detailed time report → Export → CSV." },
  orbit: { label: "Orbit export", where: "The time-logs.csv file from an Orbit export ZIP (customers, projects and tasks are recreated by name)." },
};

/** Rows of problems listed; the rest are counted. */
const ERRORS_SHOWN = 200;

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

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

type Progress = { phase: "uploading"; fraction: number } | { phase: "checking" };

function ProgressLine({ progress, isCommit }: { progress: Progress; isCommit: boolean }) {
  const label = progress.phase === "uploading" ? `Uploading the file: ${Math.round(progress.fraction * 100)}%` : isCommit ? "Importing the rows…" : "Checking every row…";
  return (
    <div className="grid gap-1.5" data-testid="import-progress">
      <p className="m-0 text-sm" role="status" aria-live="polite">
        {label}
      </p>
      {progress.phase === "uploading" ? (
        <progress className="h-2 w-full accent-primary" value={progress.fraction} max={1} aria-label="Upload progress" />
      ) : (
        <progress className="h-2 w-full accent-primary" aria-label={isCommit ? "Import progress" : "Check progress"} />
      )}
    </div>
  );
}

function Counts({ result }: { result: ImportResult }) {
  const verb = result.isCommitted ? "Created" : "Will create";
  return (
    <dl className="m-0 grid grid-cols-[repeat(auto-fit,minmax(150px,1fr))] gap-2.5 [&>div]:rounded-lg [&>div]:bg-background [&>div]:px-3 [&>div]:py-2.5 [&_dd]:m-0 [&_dd]:text-lg [&_dd]:font-semibold [&_dd]:tabular-nums [&_dt]:text-xs [&_dt]:uppercase [&_dt]:tracking-[0.05em] [&_dt]:text-muted-foreground">
      <div>
        <dt>Rows read</dt>
        <dd data-testid="import-rows">{result.rows.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{result.isCommitted ? "Time logs imported" : "Time logs to import"}</dt>
        <dd data-testid="import-logs">{result.logs.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{verb}: customers</dt>
        <dd data-testid="import-customers">{result.customers.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{verb}: projects</dt>
        <dd data-testid="import-projects">{result.projects.toLocaleString()}</dd>
      </div>
      <div>
        <dt>{verb}: tasks</dt>
        <dd data-testid="import-tasks">{result.tasks.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Members with time</dt>
        <dd data-testid="import-members">{result.members.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Imported before</dt>
        <dd data-testid="import-duplicates">{result.skippedDuplicates.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

function RowErrors({ errors }: { errors: ImportResult["errors"] }) {
  const shown = errors.slice(0, ERRORS_SHOWN);
  return (
    <>
      <p className={noticeClass("error")} role="alert">
        {plural(errors.length, "problem")} in the file: nothing is imported until they are fixed. Line 1 is the header row.
      </p>
      <Table caption="Problems in the file, by line" columns={[{ numeric: "Line" }, "Column", "Problem"]}>
        <tbody>
          {shown.map((error, index) => (
            <tr key={`${error.line}-${error.field}-${index}`} data-testid="import-error">
              <NumberCell label="Line">{error.line}</NumberCell>
              <td data-label="Column">{error.field}</td>
              <td data-label="Problem">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {errors.length > shown.length && <p className="m-0 text-sm text-muted-foreground">…and {plural(errors.length - shown.length, "more problem")}.</p>}
    </>
  );
}

/** What the preview or the import found, and the next step. */
function Outcome({ result, onCommit, isCommitting, commitError }: { result: ImportResult; onCommit: () => void; isCommitting: boolean; commitError: DisplayError | null }) {
  const nothingNew = result.logs === 0 && result.errors.length === 0;
  return (
    <section className="grid gap-3.5" aria-labelledby="import-outcome-heading" data-testid="import-outcome">
      <h3 id="import-outcome-heading" className="m-0 text-base">
        {result.isCommitted ? "Import finished" : "Preview"}
      </h3>
      {result.isCommitted && !nothingNew && (
        <p className={noticeClass("info")} role="status">
          Imported {plural(result.logs, "time log")}
          {result.skippedDuplicates > 0 && `; ${plural(result.skippedDuplicates, "row")} imported before were left alone`}.
        </p>
      )}
      {nothingNew && (
        <p className={noticeClass("info")} role="status" data-testid="import-nothing-new">
          {result.skippedDuplicates > 0 ? `Nothing new: all ${plural(result.skippedDuplicates, "row")} of this file were imported before, so nothing was created.` : "The file has no time logs to import."}
        </p>
      )}
      <Counts result={result} />
      {!result.isCommitted && !nothingNew && result.errors.length === 0 && (
        <p className="m-0 text-sm text-muted-foreground">Customers, projects and tasks are matched by name (ignoring case); the ones counted above do not exist yet. A row&apos;s time goes to the member with its email, otherwise to you.</p>
      )}
      {result.errors.length > 0 && <RowErrors errors={result.errors} />}
      <FormError error={commitError} />
      {!result.isCommitted && !nothingNew && result.errors.length === 0 && (
        <div>
          <Button variant="primary" isPending={isCommitting} onClick={onCommit}>
            {`Import ${plural(result.logs, "time log")}`}
          </Button>
        </div>
      )}
    </section>
  );
}

const FIELDS = ["source", "file"] as const;

function ImportPanel() {
  const errors = useServerErrors(FIELDS);
  const [source, setSource] = useState<ImportSource>("toggl");
  const [chosen, setChosen] = useState<{ source: ImportSource; file: File } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [isCommitting, setIsCommitting] = useState(false);
  const [commitError, setCommitError] = useState<DisplayError | null>(null);

  async function send(upload: { source: ImportSource; file: File }, commit: boolean): Promise<ImportResult> {
    const form = new FormData();
    form.set("source", upload.source);
    form.set("commit", String(commit));
    form.set("file", upload.file, upload.file.name);
    setProgress({ phase: "uploading", fraction: 0 });
    try {
      return await uploadForm<ImportResult>("/api/app/imports", form, (fraction) => setProgress(fraction < 1 ? { phase: "uploading", fraction } : { phase: "checking" }));
    } finally {
      setProgress(null);
    }
  }

  async function preview(data: FormData) {
    setResult(null);
    setCommitError(null);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      errors.capture(new EnvelopeError({ code: "validation_error", message: "Choose a file.", details: [{ field: "file", message: "choose the CSV file to import" }] }));
      return false;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      errors.capture(new EnvelopeError({ code: "validation_error", message: "The file is too large.", details: [{ field: "file", message: "must be at most 10 MiB; split the export by date range" }] }));
      return false;
    }
    const upload = { source, file };
    setResult(await send(upload, false));
    setChosen(upload);
  }

  async function commit() {
    if (!chosen) return;
    setIsCommitting(true);
    setCommitError(null);
    try {
      setResult(await send(chosen, true));
      setChosen(null);
    } catch (caught) {
      setCommitError(describeError(caught));
    } finally {
      setIsCommitting(false);
    }
  }

  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="import-heading">
      <h2 id="import-heading" className="m-0">
        Import time logs
      </h2>
      <p className="m-0 text-muted-foreground">
        From a CSV export of another tracker (at most 10 MiB and {MAX_IMPORT_ROWS.toLocaleString()} rows). You see a preview first; nothing is written until you import, and importing the same file again
        creates nothing new.
      </p>
      <Form errors={errors} submitLabel="Preview import" submitVariant="secondary" onSubmit={preview} aria-label="Import time logs">
        <SelectField
          label="Source tool"
          name="source"
          value={source}
          onChange={(event) => {
            setSource(event.target.value as ImportSource);
            setResult(null);
            setChosen(null);
          }}
          options={IMPORT_SOURCES.map((value) => ({ value, label: SOURCES[value].label }))}
          hint={SOURCES[source].where}
          error={errors.fieldError("source")}
        />
        <TextField
          label="CSV file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          onChange={() => {
            setResult(null);
            setChosen(null);
          }}
          error={errors.fieldError("file")}
        />
      </Form>
      {progress && <ProgressLine progress={progress} isCommit={isCommitting} />}
      {result && !progress && <Outcome result={result} onCommit={() => void commit()} isCommitting={isCommitting} commitError={commitError} />}
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
