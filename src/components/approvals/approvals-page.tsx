"use client";
// Approvals (admins): the weeks members submitted, latest week first, filtered by state (submitted
// first); each with its person, week and hours, and Approve / Reject (a note, asked in a dialog), or
// Reopen for an approved week. Members find their own weeks' state on the timesheet.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ACTIONS, Button, EmptyState, Form, FormDialog, FormError, NumberCell, PagedQueryState, PageHeader, SelectField, Table, TextAreaField, useServerErrors } from "@/components/ui";
import { AdminOnly } from "@/components/ui/admin-only";
import { TOOLBAR } from "@/components/ui/styles";
import { useIsAdmin } from "@/components/ui/use-account";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { formatDuration } from "@/lib/time-format";
import { describeError, type DisplayError } from "@/trpc/errors";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useTRPC } from "@/trpc/react";
import { APPROVAL_LABELS, ApprovalBadge, weekInWords, type Approval } from "./approval-parts";
import { MAX_APPROVAL_NOTE_LENGTH } from "@/lib/limits";

type StateFilter = "" | Approval["status"];

const STATE_OPTIONS = [
  { value: "submitted", label: "Submitted" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "reopened", label: "Reopened" },
  { value: "", label: "All" },
];

export function ApprovalsPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Approvals" what="approve members' weeks" />;
  return <ApprovalList />;
}

function ApprovalList() {
  const trpc = useTRPC();
  const [state, setState] = useState<StateFilter>("submitted");
  const list = useInfiniteQuery(trpc.approvals.list.infiniteQueryOptions({ status: state || undefined, limit: PAGE_SIZE.approvals }, pagedByCursor));
  return (
    <>
      <PageHeader title="Approvals" description="Weeks members submitted: approve them to lock their time, or reject them with a note." />
      <div className={TOOLBAR}>
        <SelectField label="State" value={state} onChange={(event) => setState(event.target.value as StateFilter)} options={STATE_OPTIONS} />
      </div>
      <PagedQueryState
        query={list}
        loadingLabel="Loading approvals…"
        empty={
          <EmptyState title={state ? `No ${APPROVAL_LABELS[state].toLowerCase()} weeks.` : "No weeks submitted yet."}>
            Members submit a week from the timesheet under Time logs.
          </EmptyState>
        }
      >
        {(rows) => (
          <Table caption="Submitted weeks" columns={["Person", "Week", { numeric: "Hours" }, "State", ACTIONS]}>
            <tbody>
              {rows.map((approval) => (
                <tr key={approval.id}>
                  <td className="font-semibold break-words">{approval.userName}</td>
                  <td data-label="Week" className="whitespace-nowrap">
                    {weekInWords(approval.weekStart)}
                  </td>
                  <NumberCell label="Hours">{formatDuration(approval.seconds)}</NumberCell>
                  <td data-label="State">
                    <ApprovalBadge state={approval.status} />
                    {approval.note && <span className="block text-xs text-muted-foreground break-words">{approval.note}</span>}
                  </td>
                  <td data-label="Actions">
                    <Decisions approval={approval} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </>
  );
}

/** The decisions a week's state allows, named with the person and week for screen readers. */
function Decisions({ approval }: { approval: Approval }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("approvals");
  const approve = useMutation(trpc.approvals.approve.mutationOptions({ onSuccess: invalidate }));
  const reopen = useMutation(trpc.approvals.reopen.mutationOptions({ onSuccess: invalidate }));
  const [error, setError] = useState<DisplayError | null>(null);
  const whose = `${approval.userName}, ${weekInWords(approval.weekStart)}`;

  async function run(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {approval.status === "submitted" && (
        <>
          <Button size="sm" variant="primary" aria-label={`Approve ${whose}`} isPending={approve.isPending} onClick={() => run(() => approve.mutateAsync({ id: approval.id }))}>
            Approve
          </Button>
          <RejectDialog approval={approval} whose={whose} />
        </>
      )}
      {approval.status === "approved" && (
        <Button size="sm" aria-label={`Reopen ${whose}`} isPending={reopen.isPending} onClick={() => run(() => reopen.mutateAsync({ id: approval.id }))}>
          Reopen
        </Button>
      )}
      <FormError error={error} />
    </div>
  );
}

function RejectDialog({ approval, whose }: { approval: Approval; whose: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("approvals");
  const reject = useMutation(trpc.approvals.reject.mutationOptions({ onSuccess: invalidate }));
  const errors = useServerErrors(["note"]);
  const [note, setNote] = useState("");
  return (
    <FormDialog
      title="Reject week"
      description={`${whose}. The member reads your note (and gets it by mail when mail is set up), changes the week and submits it again.`}
      trigger={
        <Button size="sm" variant="danger" aria-label={`Reject ${whose}`}>
          Reject
        </Button>
      }
      onClose={() => setNote("")}
    >
      <Form errors={errors} submitLabel="Reject week" submitVariant="danger" onSubmit={() => reject.mutateAsync({ id: approval.id, note })}>
        <TextAreaField label="Note" hint="What the member should change" required value={note} onChange={(event) => setNote(event.target.value)} error={errors.fieldError("note")} maxLength={MAX_APPROVAL_NOTE_LENGTH} />
      </Form>
    </FormDialog>
  );
}
