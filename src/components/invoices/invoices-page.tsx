"use client";
// Invoices: newest first, filtered by status, each linking to its page; New invoice.
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { TOOLBAR } from "@/components/ui/styles";
import { useIsAdmin } from "@/components/ui/use-account";
import { buttonClass, EmptyState, NumberCell, PagedQueryState, PageHeader, SelectField, Table } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { AdminOnly } from "@/components/ui/admin-only";
import { formatMoney } from "@/lib/money";
import { InvoicePeriod, InvoiceStatusBadge, STATUS_LABELS } from "./invoice-parts";

type StatusFilter = "" | keyof typeof STATUS_LABELS;

export function InvoicesPage() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="Invoices" what="see and create invoices" />;
  return <InvoiceList />;
}

function InvoiceList() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<StatusFilter>("");
  const list = useInfiniteQuery(
    trpc.invoices.list.infiniteQueryOptions({ status: status || undefined, limit: PAGE_SIZE.invoices }, pagedByCursor),
  );
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Bill customers for their unbilled time; issue, get paid, or void."
        actions={
          <Link className={buttonClass("primary")} href="/invoices/new">
            New invoice
          </Link>
        }
      />
      <div className={TOOLBAR}>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          options={[{ value: "", label: "All" }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
      </div>
      <PagedQueryState
        query={list}
        loadingLabel="Loading invoices…"
        empty={<EmptyState title={status ? `No ${STATUS_LABELS[status].toLowerCase()} invoices.` : "No invoices yet."}>Create one from a customer&apos;s unbilled time.</EmptyState>}
      >
        {(rows) => (
          <Table caption="Invoices" columns={["Number", "Customer", { numeric: "Total" }, "Status", "Period"]}>
            <tbody>
              {rows.map((invoice) => (
                <tr key={invoice.id}>
                  <td className="whitespace-nowrap">
                    <Link className="font-semibold break-words" href={`/invoices/${invoice.id}`}>
                      {invoice.number}
                    </Link>
                  </td>
                  <td data-label="Customer">{invoice.customerName}</td>
                  <NumberCell label="Total">{formatMoney(invoice.totalCents, invoice.currency)}</NumberCell>
                  <td data-label="Status">
                    <InvoiceStatusBadge status={invoice.status} />
                  </td>
                  <td className="whitespace-nowrap" data-label="Period">
                    <InvoicePeriod start={invoice.periodStart} end={invoice.periodEnd} />
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
