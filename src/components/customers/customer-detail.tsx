"use client";
// One customer: its hours across its projects, edit its details (and billing, for admins), archive or
// unarchive it, see its projects.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CARD, noticeClass } from "@/components/ui/styles";
import { Badge } from "@/components/ui/badge";
import { useIsAdmin } from "@/components/ui/use-account";
import { buttonClass, EmptyState, FormError, PageHeader, QueryState, Table } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { PAGE_SIZE } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { ArchiveButton } from "@/components/ui/archive-button";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { billingSummary } from "./billing-summary";
import { CustomerForm } from "./customer-form";
import { WorkSummaryPanel } from "@/components/work/work-summary";
import { cn } from "@/components/ui/cn";

export function CustomerDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("customers");
  const isAdmin = useIsAdmin();
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
                <ArchiveButton row={data} archive={archive} />
              </>
            }
          />
          <FormError error={archive.error} />
          <WorkSummaryPanel subject={{ kind: "customer", id, name: data.name }} />
          <section className={cn(CARD, "mt-7")} aria-labelledby="edit-customer">
            <h2 id="edit-customer">Edit customer</h2>
            {update.isSuccess && (
              <p className={noticeClass("info")} role="status">
                Saved.
              </p>
            )}
            <CustomerForm key={data.updatedAt} customer={data} isAdmin={isAdmin} submitLabel="Save changes" onSubmit={(input) => update.mutateAsync({ id, ...input })} />
          </section>
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
