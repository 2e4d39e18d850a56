"use client";
// One invoice as a document: lines, subtotal, tax, total; its status changes; a print layout.
import { cn } from "@/components/ui/cn";
import { CARD } from "@/components/ui/styles";
import { ACTIONS, DESCRIPTION, HEADER, TITLE } from "@/components/ui/page-header";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useIsAdmin, useAccount } from "@/components/ui/use-account";
import { Button, ConfirmDialog, FormError, LocalTime, QueryState } from "@/components/ui";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the lifecycle table is pure; it moves to the invoice view when that lists its next statuses
import { nextStatuses } from "@/server/services/invoices/status";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { AdminOnly } from "@/components/ui/admin-only";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { InvoiceLines, InvoicePeriod, InvoiceStatusBadge, InvoiceTotals } from "./invoice-parts";

export function InvoiceDetail({ id }: { id: string }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Invoice" what="see invoices" />;
  return <InvoiceDocument id={id} />;
}

function InvoiceDocument({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate("invoices");
  const account = useAccount();
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
              <div className={ACTIONS}>
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
            <article className={cn(CARD, "print:shadow-none print:border-0")} aria-label={`Invoice ${data.number}`}>
              <dl className="grid grid-cols-[repeat(auto-fit,minmax(130px,1fr))] gap-3 my-4 [&>div]:min-w-0 [&_dt]:text-[0.8rem] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere">
                <div>
                  <dt>From</dt>
                  <dd>{account.organization.name}</dd>
                </div>
                <div>
                  <dt>Bill to</dt>
                  <dd>
                    <Link href={`/customers/${data.customerId}`}>{data.customerName}</Link>
                  </dd>
                </div>
                <div>
                  <dt>Period</dt>
                  <dd>
                    <InvoicePeriod start={data.periodStart} end={data.periodEnd} />
                  </dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>
                    <LocalTime value={data.createdAt} format="date" />
                  </dd>
                </div>
                {data.issuedAt && (
                  <div>
                    <dt>Issued</dt>
                    <dd>
                      <LocalTime value={data.issuedAt} />
                    </dd>
                  </div>
                )}
                {data.paidAt && (
                  <div>
                    <dt>Paid</dt>
                    <dd>
                      <LocalTime value={data.paidAt} />
                    </dd>
                  </div>
                )}
                {data.voidedAt && (
                  <div>
                    <dt>Voided</dt>
                    <dd>
                      <LocalTime value={data.voidedAt} />
                    </dd>
                  </div>
                )}
              </dl>
              {data.lineItems.length === 0 ? <p className="text-muted-foreground">This invoice has no lines.</p> : <InvoiceLines lines={data.lineItems} currency={data.currency} caption={`Lines of invoice ${data.number}`} />}
              <InvoiceTotals {...data} />
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
