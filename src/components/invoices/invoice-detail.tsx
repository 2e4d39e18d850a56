"use client";
// One invoice as a document a European client accepts: sender and recipient with their addresses and
// VAT IDs, number, issue and due dates, period, dated lines, subtotal, the tax line with its rate,
// total and notes; its status changes, the notes of a draft, and a print layout (Print or save as PDF).
import { cn } from "@/components/ui/cn";
import { CARD, noticeClass } from "@/components/ui/styles";
import { ACTIONS, DESCRIPTION, HEADER, TITLE } from "@/components/ui/page-header";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useIsAdmin } from "@/components/ui/use-account";
import { Button, ConfirmDialog, Form, FormDialog, FormError, LocalTime, QueryState, TextAreaField, useServerErrors } from "@/components/ui";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the lifecycle table is pure; it moves to the invoice view when that lists its next statuses
import { nextStatuses } from "@/server/services/invoices/status";
import { MAX_INVOICE_NOTES_LENGTH } from "@/lib/limits";
import { formatCalendarDay } from "@/lib/time-format";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { AdminOnly } from "@/components/ui/admin-only";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { InvoiceLines, InvoicePeriod, InvoiceStatusBadge, InvoiceTotals } from "./invoice-parts";

type InvoiceDocument = RouterOutputs["invoices"]["get"];

/** Facts in a grid of small labelled cells. */
const FACTS = "grid grid-cols-[repeat(auto-fit,minmax(130px,1fr))] gap-3 my-4 [&>div]:min-w-0 [&_dt]:text-[0.8rem] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere";

/** A sender or recipient block: name, address lines, VAT ID. */
function Party({ heading, party, link }: { heading: string; party: InvoiceDocument["sender"]; link?: string }) {
  return (
    <div className="min-w-0">
      <h2 className="m-0 text-[0.8rem] font-normal text-muted-foreground">{heading}</h2>
      <address className="not-italic wrap-anywhere">
        <strong>{link ? <Link href={link} className="print:text-foreground print:no-underline">{party.name}</Link> : party.name}</strong>
        {party.address && <span className="block whitespace-pre-line">{party.address}</span>}
        {party.vatId && <span className="block">VAT ID {party.vatId}</span>}
      </address>
    </div>
  );
}

const NOTES_FIELDS = ["notes"] as const;

function EditNotes({ invoice }: { invoice: InvoiceDocument }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("invoices");
  const errors = useServerErrors(NOTES_FIELDS);
  const update = useMutation(
    trpc.invoices.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.invoices.get.queryKey({ id: invoice.id }), updated);
        return invalidate();
      },
    }),
  );
  return (
    <FormDialog title={`Notes of invoice ${invoice.number}`} description="Printed below the totals. Once the invoice is issued they no longer change." trigger={<Button size="sm">Edit notes</Button>}>
      <Form errors={errors} submitLabel="Save notes" onSubmit={(form) => update.mutateAsync({ id: invoice.id, notes: String(form.get("notes") ?? "") })}>
        <TextAreaField label="Notes" name="notes" defaultValue={invoice.notes ?? ""} rows={5} maxLength={MAX_INVOICE_NOTES_LENGTH} error={errors.fieldError("notes")} />
      </Form>
    </FormDialog>
  );
}

export function InvoiceDetail({ id }: { id: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Invoice" what="see invoices" />;
  return <InvoicePage id={id} />;
}

function InvoicePage({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("invoices");
  const invoice = useQuery(trpc.invoices.get.queryOptions({ id }));
  const change = useMutation(
    trpc.invoices.changeStatus.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.invoices.get.queryKey({ id }), updated);
        return invalidate();
      },
    }),
  );

  if (invoice.error && describeError(invoice.error).code === "not_found") {
    return <NotFoundPage what="invoice" back={{ href: "/invoices", label: "All invoices" }} />;
  }
  return (
    <QueryState query={invoice} loadingLabel="Loading invoice…">
      {(data) => {
        const moves = nextStatuses(data.status);
        const isDraft = data.status === "draft";
        const isSenderIncomplete = isDraft && (!data.sender.address || !data.sender.vatId);
        return (
          <>
            <p className="text-sm print:hidden">
              <Link href="/invoices">← Invoices</Link>
            </p>
            <div className={HEADER}>
              <div>
                <h1 className={TITLE}>Invoice {data.number}</h1>
                <p className={DESCRIPTION}>
                  <InvoiceStatusBadge status={data.status} />
                </p>
              </div>
              <div className={cn(ACTIONS, "print:hidden")}>
                {moves.includes("issued") && (
                  <Button variant="primary" isPending={change.isPending && change.variables?.status === "issued"} onClick={() => change.mutate({ id, status: "issued" })}>
                    Mark as issued
                  </Button>
                )}
                {moves.includes("paid") && (
                  <Button variant="primary" isPending={change.isPending && change.variables?.status === "paid"} onClick={() => change.mutate({ id, status: "paid" })}>
                    Mark as paid
                  </Button>
                )}
                {moves.includes("void") && (
                  <ConfirmDialog
                    title={`Void invoice ${data.number}?`}
                    description="A void invoice stays on record and can no longer be issued or paid. The time it billed is not billed again."
                    confirmLabel="Void invoice"
                    trigger={<Button variant="danger">Void</Button>}
                    onConfirm={() => change.mutateAsync({ id, status: "void" })}
                  />
                )}
                <Button onClick={() => window.print()}>Print or save as PDF</Button>
              </div>
            </div>
            {change.error && change.variables?.status !== "void" && <FormError error={describeError(change.error)} />}
            {isSenderIncomplete && (
              <p className={cn(noticeClass("warning"), "print:hidden")}>
                Your organization&apos;s address or VAT ID is missing from this invoice. <Link href="/settings#invoicing">Add them in Settings → Invoicing</Link> before you issue it.
              </p>
            )}
            <article className={cn(CARD, "print:shadow-none print:border-0 print:p-0")} aria-label={`Invoice ${data.number}`}>
              <div className="grid grid-cols-2 gap-6 max-sm:grid-cols-1 print:grid-cols-2">
                <Party heading="From" party={data.sender} />
                <Party heading="Bill to" party={data.recipient} link={`/customers/${data.customerId}`} />
              </div>
              <dl className={FACTS}>
                <div>
                  <dt>Invoice number</dt>
                  <dd>{data.number}</dd>
                </div>
                <div>
                  <dt>Issue date</dt>
                  <dd data-testid="invoice-issue-date">{data.issueDate ? formatCalendarDay(data.issueDate) : "When issued"}</dd>
                </div>
                <div>
                  <dt>Due date</dt>
                  <dd data-testid="invoice-due-date">
                    {data.dueDate ? formatCalendarDay(data.dueDate) : data.paymentTermsDays === null ? "—" : `${data.paymentTermsDays} days after issue`}
                  </dd>
                </div>
                <div>
                  <dt>Period</dt>
                  <dd>
                    <InvoicePeriod start={data.periodStart} end={data.periodEnd} />
                  </dd>
                </div>
                {data.paidAt && (
                  <div>
                    <dt>Paid</dt>
                    <dd>
                      <LocalTime value={data.paidAt} format="date" />
                    </dd>
                  </div>
                )}
                {data.voidedAt && (
                  <div>
                    <dt>Voided</dt>
                    <dd>
                      <LocalTime value={data.voidedAt} format="date" />
                    </dd>
                  </div>
                )}
              </dl>
              {data.lineItems.length === 0 ? (
                <p className="text-muted-foreground">This invoice has no lines.</p>
              ) : (
                <InvoiceLines lines={data.lineItems} currency={data.currency} caption={`Lines of invoice ${data.number}`} period={{ start: data.periodStart, end: data.periodEnd }} />
              )}
              <InvoiceTotals {...data} />
              <section aria-labelledby="invoice-notes" className="mt-4">
                <div className="flex items-center justify-between gap-3">
                  <h2 id="invoice-notes" className={cn("m-0 text-base", !data.notes && "print:hidden")}>
                    Notes
                  </h2>
                  {isDraft && (
                    <div className="print:hidden">
                      <EditNotes invoice={data} />
                    </div>
                  )}
                </div>
                {data.notes ? (
                  <p className="whitespace-pre-line wrap-anywhere" data-testid="invoice-notes">
                    {data.notes}
                  </p>
                ) : (
                  <p className="text-muted-foreground text-sm print:hidden">No notes.</p>
                )}
              </section>
              {data.paymentLinkUrl && data.status === "issued" && (
                <p>
                  Pay online: <a href={data.paymentLinkUrl}>{data.paymentLinkUrl}</a>
                </p>
              )}
            </article>
          </>
        );
      }}
    </QueryState>
  );
}
