"use client";
// Saved reports: keep the current report under a name (a named period stays named and moves on with
// the calendar), open one again, delete it, and share it by a read-only link that can be revoked.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ACTIONS, Button, CheckboxField, ConfirmDialog, ConfirmRowAction, Dialog, DialogClose, EmptyState, Form, FormDialog, PagedQueryState, SecretValue, Table, TextField, useServerErrors } from "@/components/ui";
import { Pill } from "@/components/ui/badge";
import { noticeClass } from "@/components/ui/styles";
import { useTRPC } from "@/trpc/react";
import { pagedByCursor } from "@/trpc/first-page";
import type { RouterOutputs } from "@/trpc/types";
import { MAX_REPORT_NAME_LENGTH } from "@/lib/limits";
import type { ReportDimension } from "@/server/contract/time-report";
import { describeRange, DIMENSION_LABELS, RANGE_LABELS, reportQueryOfSaved, reportSearch, SAVED_REPORTS_PAGE_SIZE, savedQueryOf, type ReportQuery } from "./report-query";

type SavedReport = RouterOutputs["savedReports"]["list"]["items"][number];

const FIELDS = ["name", "showAmounts"] as const;

function useSavedReportsKey() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.savedReports.list.pathKey() });
}

export function SaveReportDialog({ query, instants, isAdmin }: { query: ReportQuery; instants: { from: Date; to: Date } | null; isAdmin: boolean }) {
  const trpc = useTRPC();
  const refresh = useSavedReportsKey();
  // Anything the server says about the query itself (a range it refuses) is the form's error.
  const errors = useServerErrors(FIELDS);
  const create = useMutation(trpc.savedReports.create.mutationOptions({ onSuccess: () => refresh() }));
  const period = query.range === "custom" ? "the same days every time" : `${RANGE_LABELS[query.range].toLowerCase()} as of the day it is opened`;
  return (
    <FormDialog title="Save report" description={`Keeps this grouping and these filters under a name; it shows ${period}.`} trigger={<Button disabled={!instants}>Save report</Button>}>
      <Form
        errors={errors}
        submitLabel="Save"
        onSubmit={(form) => {
          if (!instants) return false;
          return create.mutateAsync({ name: String(form.get("name") ?? ""), query: savedQueryOf(query, instants) as never, showAmounts: form.get("showAmounts") === "on" });
        }}
      >
        <TextField label="Name" name="name" maxLength={MAX_REPORT_NAME_LENGTH} required autoComplete="off" error={errors.fieldError("name")} />
        {isAdmin && <CheckboxField label="Show amounts on its shared page" name="showAmounts" hint="Amounts reveal your rates to whoever holds the link." error={errors.fieldError("showAmounts")} />}
      </Form>
    </FormDialog>
  );
}

/** Makes a new link (an earlier one stops working) and shows it once: only its hash is kept. */
function ShareDialog({ report }: { report: SavedReport }) {
  const trpc = useTRPC();
  const refresh = useSavedReportsKey();
  const [open, setOpen] = useState(false);
  // Whether the link made here replaced one (the list says "shared" once it has been made).
  const [hadLink, setHadLink] = useState(false);
  const share = useMutation(trpc.savedReports.share.mutationOptions({ onSuccess: () => refresh() }));
  return (
    <Dialog
      title={`Share “${report.name}”`}
      description="Anyone with the link sees this report, as of the moment they open it, and its CSV. Nothing else in Orbit is reachable through it."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) share.reset();
      }}
      trigger={
        <Button size="sm" aria-label={`${report.isShared ? "New link for" : "Share"} ${report.name}`}>
          {report.isShared ? "New link" : "Share"}
        </Button>
      }
    >
      {share.data ? (
        <div className="grid gap-4">
          <p className={noticeClass("warning")} role="alert">
            Copy the link now: it is shown only once.{hadLink ? " An earlier link of this report no longer works." : ""}
          </p>
          <SecretValue value={share.data.url} copyLabel="Copy link" testId="share-url" />
          <div className="flex justify-end gap-2 flex-wrap">
            <a href={share.data.url} target="_blank" rel="noreferrer" className="self-center">
              Open the shared page
            </a>
            <DialogClose asChild>
              <Button variant="primary">Done</Button>
            </DialogClose>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          {report.isShared && <p className="m-0">This report already has a link. A new one replaces it: the current link stops working.</p>}
          {share.error && (
            <p className={noticeClass("error")} role="alert">
              Could not make a link. Try again.
            </p>
          )}
          <div className="flex justify-end gap-2 flex-wrap">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button variant="primary" isPending={share.isPending} onClick={() => {
                setHadLink(report.isShared);
                share.mutate({ id: report.id });
              }}>
              Create link
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function describeGrouping(groupBy: string[]): string {
  return groupBy.map((dimension) => DIMENSION_LABELS[dimension as ReportDimension] ?? dimension).join(", then ");
}

export function SavedReports({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const refresh = useSavedReportsKey();
  const list = useInfiniteQuery(trpc.savedReports.list.infiniteQueryOptions({ limit: SAVED_REPORTS_PAGE_SIZE }, pagedByCursor));
  const remove = useMutation(trpc.savedReports.delete.mutationOptions({ onSettled: () => refresh() }));
  const unshare = useMutation(trpc.savedReports.unshare.mutationOptions({ onSettled: () => refresh() }));

  return (
    <section className="mt-8" aria-labelledby="saved-reports-heading">
      <h2 id="saved-reports-heading">Saved reports</h2>
      <PagedQueryState query={list} loadingLabel="Loading saved reports…" empty={<EmptyState title="No saved reports yet.">Choose a period, a grouping and filters above, then Save report.</EmptyState>}>
        {(reports) => (
          <Table caption="Saved reports" columns={["Name", "Period", "Grouping", "Link", ACTIONS]}>
            <tbody>
              {reports.map((report) => (
                <tr key={report.id} data-testid="saved-report-row">
                  <td className="wrap-anywhere">
                    <Link href={`/reports?${reportSearch(reportQueryOfSaved(report.query as never, timeZone))}`} aria-label={`Open ${report.name}`}>
                      {report.name}
                    </Link>
                  </td>
                  <td data-label="Period">{describeRange(report.query.range as never, timeZone)}</td>
                  <td data-label="Grouping">{describeGrouping(report.query.groupBy)}</td>
                  <td data-label="Link">{report.isShared ? <Pill tone="success">Shared</Pill> : <span className="text-muted-foreground">Not shared</span>}</td>
                  <td>
                    <div className="flex flex-wrap gap-2 justify-end max-sm:justify-start">
                      <ShareDialog report={report} />
                      {report.isShared && (
                        <ConfirmDialog
                          title={`Stop sharing “${report.name}”?`}
                          description="Its link stops working at once; whoever has it sees “not found”."
                          confirmLabel="Stop sharing"
                          trigger={
                            <Button size="sm" aria-label={`Stop sharing ${report.name}`}>
                              Stop sharing
                            </Button>
                          }
                          onConfirm={() => unshare.mutateAsync({ id: report.id })}
                        />
                      )}
                      <ConfirmRowAction
                        action="Delete"
                        name={report.name}
                        title={`Delete “${report.name}”?`}
                        description="The saved report and its link go away. Your time logs stay as they are."
                        confirmLabel="Delete"
                        onConfirm={() => remove.mutateAsync({ id: report.id })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </section>
  );
}
