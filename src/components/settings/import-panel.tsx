"use client";
// Settings → Import and export, the import: time logs from Toggl Track, Clockify, Harvest or an Orbit
// export. A preview first (what would be created and matched, each row's problem with its line), then
// the people step: each person the file names goes to the member matched by email or full name, or to
// the member chosen here, or is skipped; nobody's time goes to the importer unasked. The date format is
// asked for when the file's dates read two ways; rows with problems are listed, and can be skipped.
// Uploads show their progress; the server checks every row before it writes any.
import { useMemo, useState } from "react";
import { Button, CheckboxField, Form, FormError, NumberCell, SelectField, Table, TextField, useServerErrors, type SelectOption } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, noticeClass } from "@/components/ui/styles";
import { useAccount } from "@/components/ui/use-account";
import { useMembers } from "@/components/pickers/pickers";
import { uploadForm } from "@/trpc/upload-form";
import { timeZoneChoices } from "@/lib/time-zone";
import { IMPORT_SOURCES, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, SKIP_PERSON, type ImportDateFormat, type ImportPerson, type ImportResult, type ImportSource } from "@/server/contract/import";
import { describeError, EnvelopeError, type DisplayError } from "@/trpc/errors";

const SOURCES: Record<ImportSource, { label: string; where: string }> = {
  toggl: { label: "Toggl Track", where: "In Toggl Track: Reports → Detailed → Export → Download CSV." },
  clockify: { label: "Clockify", where: "In Clockify: Reports → Detailed → Export → Save as CSV." },
  harvest: { label: "Harvest", where: "In Harvest: Reports → Time → Detailed time report → Export → CSV. Rows marked invoiced come in as billed elsewhere." },
  orbit: { label: "Orbit export", where: "The time-logs.csv file from an Orbit export ZIP (customers, projects and tasks are recreated by name)." },
};

const DATE_FORMATS: SelectOption[] = [
  { value: "auto", label: "Choose how the file writes dates…" },
  { value: "dmy", label: "Day first: 31/12/2026" },
  { value: "mdy", label: "Month first: 12/31/2026" },
  { value: "ymd", label: "Year first: 2026-12-31" },
];
const DATE_FORMAT_WORDS: Record<string, string> = { dmy: "day first (31/12/2026)", mdy: "month first (12/31/2026)", ymd: "year first (2026-12-31)" };

/** Rows of problems listed; the rest are counted. */
const ERRORS_SHOWN = 200;
/** A person's choice not made yet. */
const UNDECIDED = "";

/** A server detail ("the file's dates read two ways…") as a sentence a person reads beside the field. */
const sentence = (message: string | undefined) => (message ? `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? "" : "."}` : undefined);

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The key `people` names a person by: their email, else their name. */
const personKey = (person: Pick<ImportPerson, "name" | "email">) => person.email ?? person.name;
const personName = (person: Pick<ImportPerson, "name" | "email">) => (person.name && person.email ? `${person.name} (${person.email})` : person.name || person.email || "Rows naming no one");

type Progress = { phase: "uploading"; fraction: number } | { phase: "checking" };

/** What a preview was asked with: when the choices on the page differ, the preview is out of date. */
interface Choices {
  dateFormat: ImportDateFormat;
  timeZone: string;
  people: Record<string, string>;
}

const sameChoices = (a: Choices, b: Choices) => a.dateFormat === b.dateFormat && a.timeZone === b.timeZone && JSON.stringify(a.people) === JSON.stringify(b.people);

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
  const items: [string, number, string][] = [
    ["Rows read", result.rows, "import-rows"],
    [result.isCommitted ? "Time logs imported" : "Time logs to import", result.logs, "import-logs"],
    [`${verb}: customers`, result.customers, "import-customers"],
    [`${verb}: projects`, result.projects, "import-projects"],
    [`${verb}: tasks`, result.tasks, "import-tasks"],
    ["Members with time", result.members, "import-members"],
    ["Imported before", result.skippedDuplicates, "import-duplicates"],
  ];
  if (result.billedExternally) items.push(["Billed elsewhere", result.billedExternally, "import-billed-elsewhere"]);
  if (result.unmatchedRows) items.push(["Rows of people to choose for", result.unmatchedRows, "import-unmatched"]);
  if (result.skippedPeopleRows) items.push(["Rows of skipped people", result.skippedPeopleRows, "import-skipped-people"]);
  if (result.invalidRows) items.push(["Rows with problems", result.invalidRows, "import-invalid"]);
  return (
    <dl className="m-0 grid grid-cols-[repeat(auto-fit,minmax(150px,1fr))] gap-2.5 [&>div]:rounded-lg [&>div]:bg-background [&>div]:px-3 [&>div]:py-2.5 [&_dd]:m-0 [&_dd]:text-lg [&_dd]:font-semibold [&_dd]:tabular-nums [&_dt]:text-xs [&_dt]:uppercase [&_dt]:tracking-[0.05em] [&_dt]:text-muted-foreground">
      {items.map(([label, value, testId]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowErrors({ errors, willSkip }: { errors: ImportResult["errors"]; willSkip: boolean }) {
  const shown = errors.slice(0, ERRORS_SHOWN);
  return (
    <>
      <Table caption={willSkip ? "Rows that will be skipped, by line" : "Problems in the file, by line"} columns={[{ numeric: "Line" }, "Column", "Problem"]}>
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

/** How the server found a person's member, in words. */
function matchWords(person: ImportPerson): string {
  const rows = plural(person.rows, "row");
  if (person.matchedBy === "email") return `${rows} · matched by email`;
  if (person.matchedBy === "name") return `${rows} · matched by name`;
  return `${rows} · no member with this email or name`;
}

/** The people step: one picker per person the file names, a member or Skip. */
function PeopleStep({ people, choices, onChoose, error }: { people: ImportPerson[]; choices: Record<string, string>; onChoose: (key: string, value: string) => void; error?: string }) {
  const members = useMembers();
  const options = (person: ImportPerson): SelectOption[] => {
    const listed = (members.data?.items ?? []).map((member) => ({ value: member.id, label: `${member.name} (${member.email})` }));
    // A member matched beyond the first page of members is still offered.
    if (person.memberId && person.matchedBy !== "people" && !listed.some((option) => option.value === person.memberId)) listed.unshift({ value: person.memberId, label: personName(person) });
    return [{ value: UNDECIDED, label: "Choose a member…" }, ...listed, { value: SKIP_PERSON, label: "Skip these rows" }];
  };
  return (
    <section className="grid gap-3" aria-labelledby="import-people-heading" data-testid="import-people">
      <h4 id="import-people-heading" className="m-0 text-base">
        Whose time is it?
      </h4>
      <p className="m-0 text-sm text-muted-foreground">
        Each person in the file keeps their own time: matched to a member by email, else by full name. Choose a member, or skip their rows, for anyone not matched. Nothing is given to you unless you choose
        yourself.
      </p>
      {error && (
        <p className={noticeClass("error")} role="alert">
          {error}
        </p>
      )}
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2">
        {people.map((person) => {
          const key = personKey(person);
          const value = choices[key] ?? UNDECIDED;
          return (
            <li key={key} className="min-w-0 rounded-lg bg-background px-3 py-2.5" data-testid="import-person">
              <SelectField
                label={personName(person)}
                hint={matchWords(person)}
                value={value}
                onChange={(event) => onChoose(key, event.target.value)}
                options={options(person)}
                error={value === UNDECIDED ? "Choose a member or Skip" : undefined}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The choices a preview's people start with: each person's member as the server found them, or undecided. */
function startingChoices(people: ImportPerson[], before: Record<string, string>): Record<string, string> {
  return Object.fromEntries(people.map((person) => [personKey(person), before[personKey(person)] ?? (person.isSkipped ? SKIP_PERSON : (person.memberId ?? UNDECIDED))]));
}

/** Only the choices that differ from what the server found on its own: what a commit must send. */
function peopleField(people: ImportPerson[], choices: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    people.flatMap((person) => {
      const choice = choices[personKey(person)] ?? UNDECIDED;
      const found = person.matchedBy === "email" || person.matchedBy === "name" ? person.memberId : null;
      return choice !== UNDECIDED && choice !== found ? [[personKey(person), choice]] : [];
    }),
  );
}

const FIELDS = ["source", "file", "dateFormat", "timeZone", "people"] as const;

export function ImportPanel() {
  const account = useAccount();
  const errors = useServerErrors(FIELDS);
  const zones = useMemo(() => timeZoneChoices(account.preferences.timeZone), [account.preferences.timeZone]);
  const [source, setSource] = useState<ImportSource>("toggl");
  const [file, setFile] = useState<File | null>(null);
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>("auto");
  const [isDateFormatAsked, setIsDateFormatAsked] = useState(false);
  const [timeZone, setTimeZone] = useState(account.preferences.timeZone);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [previewedWith, setPreviewedWith] = useState<Choices | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [isCommitting, setIsCommitting] = useState(false);
  const [commitError, setCommitError] = useState<DisplayError | null>(null);

  const reset = () => {
    setResult(null);
    setPreviewedWith(null);
    setCommitError(null);
    setSkipInvalid(false);
  };

  async function send(commit: boolean, people: Record<string, string>): Promise<ImportResult> {
    const form = new FormData();
    form.set("source", source);
    form.set("commit", String(commit));
    form.set("dateFormat", dateFormat);
    form.set("timeZone", timeZone);
    if (Object.keys(people).length) form.set("people", JSON.stringify(people));
    if (commit && skipInvalid) form.set("skipInvalid", "true");
    form.set("file", file!, file!.name);
    setProgress({ phase: "uploading", fraction: 0 });
    try {
      return await uploadForm<ImportResult>("/api/app/imports", form, (fraction) => setProgress(fraction < 1 ? { phase: "uploading", fraction } : { phase: "checking" }));
    } finally {
      setProgress(null);
    }
  }

  async function preview() {
    setCommitError(null);
    if (!file || file.size === 0) {
      errors.capture(new EnvelopeError({ code: "validation_error", message: "Choose a file.", details: [{ field: "file", message: "Choose the CSV file to import." }] }));
      return false;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      errors.capture(new EnvelopeError({ code: "validation_error", message: "The file is too large.", details: [{ field: "file", message: "The file is larger than 10 MiB: export a shorter date range." }] }));
      return false;
    }
    const people = result ? peopleField(result.people, choices) : {};
    try {
      const previewed = await send(false, people);
      setChoices(startingChoices(previewed.people, choices));
      setResult(previewed);
      setPreviewedWith({ dateFormat, timeZone, people });
    } catch (caught) {
      const error = describeError(caught);
      if (error.details.some((detail) => detail.field === "dateFormat")) setIsDateFormatAsked(true);
      reset();
      throw caught;
    }
  }

  async function commit() {
    if (!result) return;
    setIsCommitting(true);
    setCommitError(null);
    try {
      const committed = await send(true, peopleField(result.people, choices));
      setResult(committed);
      setPreviewedWith(null);
    } catch (caught) {
      setCommitError(describeError(caught));
    } finally {
      setIsCommitting(false);
    }
  }

  const current: Choices = { dateFormat, timeZone, people: result ? peopleField(result.people, choices) : {} };
  const isStale = result !== null && !result.isCommitted && previewedWith !== null && !sameChoices(current, previewedWith);
  const undecided = result?.people.filter((person) => (choices[personKey(person)] ?? UNDECIDED) === UNDECIDED) ?? [];
  const fileProblem = result?.errors.some((error) => error.line === 1) ?? false;
  const rowProblems = result?.errors.length ?? 0;
  const peopleError = sentence(errors.fieldError("people") ?? commitError?.details.find((detail) => detail.field === "people")?.message);

  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="import-heading">
      <h2 id="import-heading" className="m-0">
        Import time logs
      </h2>
      <p className="m-0 text-muted-foreground">
        From a CSV export of another tracker (at most 10 MiB and {MAX_IMPORT_ROWS.toLocaleString()} rows). You see a preview first; nothing is written until you import, and importing the same file again
        creates nothing new.
      </p>
      <Form errors={errors} submitLabel={result && !result.isCommitted ? "Preview again" : "Preview import"} submitVariant="secondary" onSubmit={preview} aria-label="Import time logs">
        <SelectField
          label="Source tool"
          name="source"
          value={source}
          onChange={(event) => {
            setSource(event.target.value as ImportSource);
            reset();
          }}
          options={IMPORT_SOURCES.map((value) => ({ value, label: SOURCES[value].label }))}
          hint={SOURCES[source].where}
          error={sentence(errors.fieldError("source"))}
        />
        <TextField
          label="CSV file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setChoices({});
            setIsDateFormatAsked(false);
            setDateFormat("auto");
            reset();
          }}
          error={sentence(errors.fieldError("file"))}
        />
        {source !== "orbit" && (
          <SelectField
            label="Time zone of the file's times"
            name="timeZone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            options={zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
            hint="Dates and times in the file are read in this zone; entries with a date and hours only start at 09:00 there, or after the person's last entry of the day."
            error={sentence(errors.fieldError("timeZone"))}
          />
        )}
        {isDateFormatAsked && source !== "orbit" && (
          <SelectField
            label="Date format"
            name="dateFormat"
            value={dateFormat}
            onChange={(event) => setDateFormat(event.target.value as ImportDateFormat)}
            options={DATE_FORMATS}
            hint="The file's dates could mean two different days (03/04 is 3 April or 4 March): say how your tool wrote them."
            error={sentence(errors.fieldError("dateFormat"))}
          />
        )}
      </Form>
      {progress && <ProgressLine progress={progress} isCommit={isCommitting} />}
      {result && !progress && (
        <section className="grid gap-3.5" aria-labelledby="import-outcome-heading" data-testid="import-outcome">
          <h3 id="import-outcome-heading" className="m-0 text-base">
            {result.isCommitted ? "Import finished" : "Preview"}
          </h3>
          <Outcome result={result} />
          <Counts result={result} />
          {!result.isCommitted && result.people.length > 0 && (
            <PeopleStep people={result.people} choices={choices} onChoose={(key, value) => setChoices((before) => ({ ...before, [key]: value }))} error={peopleError} />
          )}
          {rowProblems > 0 && (
            <>
              <p className={noticeClass(skipInvalid || result.isCommitted ? "warning" : "error")} role="alert">
                {fileProblem
                  ? "The file cannot be read as this tool's export: check the source tool and the file."
                  : result.isCommitted
                    ? `${plural(result.invalidRows, "row")} with problems were skipped.`
                    : skipInvalid
                      ? `${plural(result.invalidRows, "row")} with problems will be skipped; the rest is imported.`
                      : `${plural(result.invalidRows, "row")} with problems: fix them in the file, or skip them. Line 1 is the header row.`}
              </p>
              <RowErrors errors={result.errors} willSkip={skipInvalid && !fileProblem} />
              {!result.isCommitted && !fileProblem && (
                <CheckboxField label={`Skip the ${plural(result.invalidRows, "row")} with problems and import the rest`} checked={skipInvalid} onChange={(event) => setSkipInvalid(event.target.checked)} />
              )}
            </>
          )}
          <FormError error={commitError && !commitError.details.some((detail) => detail.field === "people") ? commitError : null} />
          {!result.isCommitted && (
            <NextStep
              result={result}
              isStale={isStale}
              undecided={undecided.length}
              isBlocked={fileProblem || (rowProblems > 0 && !skipInvalid)}
              isCommitting={isCommitting}
              onPreview={() => void preview().catch((caught: unknown) => errors.capture(caught))}
              onCommit={() => void commit()}
            />
          )}
        </section>
      )}
    </section>
  );
}

/** What the preview says in words: nothing new, what was imported, how dates and times were read. */
function Outcome({ result }: { result: ImportResult }) {
  const nothingNew = result.logs === 0 && result.errors.length === 0 && result.unmatchedRows === 0;
  return (
    <>
      {result.isCommitted && (
        <p className={noticeClass("info")} role="status">
          Imported {plural(result.logs, "time log")}
          {result.skippedDuplicates > 0 && `; ${plural(result.skippedDuplicates, "row")} imported before were left alone`}.
        </p>
      )}
      {!result.isCommitted && nothingNew && (
        <p className={noticeClass("info")} role="status" data-testid="import-nothing-new">
          {result.skippedDuplicates > 0 ? `Nothing new: all ${plural(result.skippedDuplicates, "row")} of this file were imported before, so nothing was created.` : "The file has no time logs to import."}
        </p>
      )}
      <p className="m-0 text-sm text-muted-foreground" data-testid="import-reading">
        {result.dateFormat ? `Dates read ${DATE_FORMAT_WORDS[result.dateFormat]}, times in ${result.timeZone.replaceAll("_", " ")}. ` : ""}
        Customers, projects and tasks are matched by name (ignoring case); the ones counted below do not exist yet.
        {result.billedExternally > 0 && " Rows invoiced in the other tool are marked billed elsewhere and never put on an Orbit invoice."}
      </p>
    </>
  );
}

function NextStep(props: { result: ImportResult; isStale: boolean; undecided: number; isBlocked: boolean; isCommitting: boolean; onPreview: () => void; onCommit: () => void }) {
  const { result, isStale, undecided, isBlocked, isCommitting } = props;
  if (undecided > 0) {
    return (
      <p className="m-0 text-sm" role="status">
        Choose a member, or Skip, for {plural(undecided, "person", "people")} above to go on.
      </p>
    );
  }
  if (isStale) {
    return (
      <div className="grid gap-1.5">
        <p className="m-0 text-sm" role="status">
          Your choices change what the import writes: preview again to see it.
        </p>
        <div>
          <Button variant="primary" onClick={props.onPreview}>
            Preview with these choices
          </Button>
        </div>
      </div>
    );
  }
  if (isBlocked || result.logs === 0) return null;
  return (
    <div>
      <Button variant="primary" isPending={isCommitting} onClick={props.onCommit}>
        {`Import ${plural(result.logs, "time log")}`}
      </Button>
    </div>
  );
}
