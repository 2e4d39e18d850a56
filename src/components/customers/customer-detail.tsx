"use client";
// One customer: its hours across its projects, its contact (admins: also the private email, phone and
// notes, and the invoicing details), edit it (whoever may manage customers; billing for admins), archive
// it (confirmed, with Undo) or unarchive it, see its projects.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CARD } from "@/components/ui/styles";
import { EditPanel } from "@/components/ui/edit-panel";
import { Badge } from "@/components/ui/badge";
import { useCanManageCustomers, useIsAdmin } from "@/components/ui/use-account";
import { buttonClass, EmptyState, PageHeader, QueryState, Table } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { PAGE_SIZE } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { ArchiveButton, ArchiveNotice } from "@/components/ui/archive-button";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { billingSummary } from "./billing-summary";
import { CustomerForm } from "./customer-form";
import { WorkSummaryPanel } from "@/components/work/work-summary";
import { cn } from "@/components/ui/cn";
import type { Customer } from "@/trpc/types";

/** Label and value pairs in a grid, wrapping long values. */
const DETAILS = "grid grid-cols-[repeat(auto-fit,minmax(180px,1fr))] gap-3 m-0 [&>div]:min-w-0 [&_dt]:text-[0.8rem] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:wrap-anywhere [&_dd]:whitespace-pre-line";

/** Who to write to and how to bill: the contact for everyone, the private data and invoicing details for admins (the server sends them to admins only). */
function CustomerContact({ customer }: { customer: Customer }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Company", customer.company],
    ["Contact", customer.contactName],
    ["Email", customer.contactEmail && <a href={`mailto:${customer.contactEmail}`}>{customer.contactEmail}</a>],
    ["Phone", customer.contactPhone && <a href={`tel:${customer.contactPhone.replace(/[^+\d]/g, "")}`}>{customer.contactPhone}</a>],
    ["Billing address", customer.billingAddress],
    ["VAT ID", customer.vatId],
    ["Notes", customer.notes],
  ];
  const shown = rows.filter(([, value]) => value);
  if (!shown.length) return null;
  return (
    <section className={cn(CARD, "mt-7")} aria-labelledby="customer-contact">
      <h2 id="customer-contact">Contact</h2>
      <dl className={DETAILS}>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CustomerDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("customers");
  const isAdmin = useIsAdmin();
  const canManage = useCanManageCustomers();
  const customer = useQuery(trpc.customers.get.queryOptions({ id }));
  const projects = useQuery(trpc.constellations.list.queryOptions({ customerId: id, includeArchived: "true", limit: PAGE_SIZE.all }));
  const update = useMutation(
    trpc.customers.update.mutationOptions({ onSuccess: invalidate }),
  );
  const archive = useArchiveToggle("customers");

  if (customer.error && describeError(customer.error).code === "not_found") {
    return <NotFoundPage what="customer" back={{ href: "/customers", label: "All customers" }} />;
  }
  return (
    <QueryState query={customer} loadingLabel="Loading customer…">
      {(data) => (
        <>
          <p className="print:hidden text-sm">
            <Link href="/customers">← Customers</Link>
          </p>
          <PageHeader
            title={data.name}
            description={
              <>
                {/* Rates are for admins; members see none. */}
                {isAdmin && billingSummary(data)}
                {data.archived && (
                  <>
                    {isAdmin && " · "}
                    <Badge>Archived</Badge>
                  </>
                )}
              </>
            }
            actions={
              <>
                {isAdmin && (
                  <Link className={buttonClass("primary")} href={`/invoices/new?customerId=${data.id}`}>
                    New invoice
                  </Link>
                )}
                {canManage && <ArchiveButton row={data} archive={archive} />}
              </>
            }
          />
          <ArchiveNotice archive={archive} />
          <WorkSummaryPanel subject={{ kind: "customer", id, name: data.name }} />
          <CustomerContact customer={data} />
          {canManage && (
            <EditPanel headingId="edit-customer" title="Edit customer" isSaved={update.isSuccess}>
              <CustomerForm key={data.updatedAt} customer={data} isAdmin={isAdmin} submitLabel="Save changes" onSubmit={(input) => update.mutateAsync({ id, ...input })} />
            </EditPanel>
          )}
          <section className="mt-7" aria-labelledby="customer-projects">
            <h2 id="customer-projects">Projects</h2>
            <QueryState
              query={projects}
              isEmpty={(page) => page.items.length === 0}
              empty={<EmptyState title="No projects for this customer yet." action={<Link href="/projects">Go to Projects</Link>} />}
            >
              {(page) => (
                <Table caption={`Projects of ${data.name}`} columns={["Project", "Status"]}>
                  <tbody>
                    {page.items.map((project) => (
                      <tr key={project.id}>
                        <td>
                          <Link className="font-semibold break-words" href={`/projects/${project.id}`}>
                            {project.title}
                          </Link>
                        </td>
                        <td data-label="Status">{project.archived ? "Archived" : project.status.replace("_", " ")}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </QueryState>
          </section>
        </>
      )}
    </QueryState>
  );
}
