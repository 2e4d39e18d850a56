"use client";
// Customers: search, "Show archived", New customer (with billing for admins), archive and unarchive.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { useIsAdmin } from "@/components/ui/use-account";
import { ACTIONS, Button, EmptyState, FormDialog, FormError, ListFilters, PagedQueryState, PageHeader, Table, useListFilters } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { ArchiveButton } from "@/components/ui/archive-button";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { billingSummary } from "./billing-summary";
import { CustomerForm } from "./customer-form";


export function CustomersPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("customers");
  const isAdmin = useIsAdmin();
  const filters = useListFilters();
  const list = useInfiniteQuery(
    trpc.customers.list.infiniteQueryOptions({ ...filters.query, limit: PAGE_SIZE.customers }, pagedByCursor),
  );
  const create = useMutation(trpc.customers.createWithBilling.mutationOptions({ onSuccess: invalidate }));
  const archive = useArchiveToggle("customers");

  return (
    <>
      <PageHeader
        title="Customers"
        description="Who you work for, and how each is billed."
        actions={
          <FormDialog title="New customer" trigger={<Button variant="primary">New customer</Button>}>
            <CustomerForm isAdmin={isAdmin} submitLabel="Create customer" onSubmit={(input) => create.mutateAsync(input)} />
          </FormDialog>
        }
      />
      <ListFilters label="Search customers" filters={filters} />
      <FormError error={archive.error} />
      <PagedQueryState
        query={list}
        loadingLabel="Loading customers…"
        empty={
          <EmptyState title={filters.query.search ? "No customer matches this search." : "No customers yet."}>
            {filters.query.search ? "Try another name or company." : "Create your first customer to track and invoice time for them."}
          </EmptyState>
        }
      >
        {(rows) => (
          // Rates are for admins; members see none.
          <Table caption="Customers" columns={isAdmin ? ["Name", "Company", "Billing", ACTIONS] : ["Name", "Company", ACTIONS]}>
            <tbody>
              {rows.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link className="font-semibold break-words" href={`/customers/${customer.id}`}>
                      {customer.name}
                    </Link>{" "}
                    {customer.archived && <Badge>Archived</Badge>}
                  </td>
                  <td data-label="Company">{customer.company ?? "—"}</td>
                  {isAdmin && <td className="whitespace-nowrap" data-label="Billing">{billingSummary(customer)}</td>}
                  <td className="text-right tabular-nums whitespace-nowrap">
                    <ArchiveButton row={customer} archive={archive} />
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
