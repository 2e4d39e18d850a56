"use client";
// Customers: search, "Show archived", New customer (with billing for admins), archive (confirmed, with
// Undo) and unarchive, offered to whoever the server lets manage customers.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { useCanManageCustomers, useIsAdmin } from "@/components/ui/use-account";
import { ACTIONS, Button, EmptyState, FormDialog, ListFilters, PagedQueryState, PageHeader, Table, useListFilters } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { ArchiveButton, ArchiveNotice } from "@/components/ui/archive-button";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { billingSummary } from "./billing-summary";
import { CustomerForm } from "./customer-form";


export function CustomersPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("customers");
  const isAdmin = useIsAdmin();
  const canManage = useCanManageCustomers();
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
        description={canManage ? "Who you work for, and how each is billed." : "Who you work for. Admins add, change and archive customers."}
        actions={
          canManage && (
            <FormDialog title="New customer" trigger={<Button variant="primary">New customer</Button>}>
              <CustomerForm isAdmin={isAdmin} submitLabel="Create customer" onSubmit={(input) => create.mutateAsync(input)} />
            </FormDialog>
          )
        }
      />
      <ListFilters label="Search customers" filters={filters} />
      <ArchiveNotice archive={archive} />
      <PagedQueryState
        query={list}
        loadingLabel="Loading customers…"
        empty={
          <EmptyState title={filters.query.search ? "No customer matches this search." : "No customers yet."}>
            {filters.query.search ? "Try another name or company." : canManage ? "Create your first customer to track and invoice time for them." : "An admin adds the customers you track time for."}
          </EmptyState>
        }
      >
        {(rows) => (
          // Rates are for admins; members see none.
          <Table caption="Customers" columns={["Name", "Company", isAdmin && "Billing", canManage && ACTIONS]}>
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
                  {canManage && (
                    <td className="text-right tabular-nums whitespace-nowrap">
                      <ArchiveButton row={customer} archive={archive} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </>
  );
}
