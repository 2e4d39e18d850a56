"use client";
// Projects: search, "Show archived", New project, archive (confirmed, with Undo) and unarchive,
// offered to whoever the server lets manage projects.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { ArchiveButton, ArchiveNotice } from "@/components/ui/archive-button";
import { useCanManageCustomers } from "@/components/ui/use-account";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { ACTIONS, Button, EmptyState, FormDialog, ListFilters, PagedQueryState, PageHeader, Table, useListFilters } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { formatDueDate, ProjectForm, statusLabel } from "./project-form";


export function ProjectsPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("constellations");
  const canManage = useCanManageCustomers();
  const filters = useListFilters();
  const list = useInfiniteQuery(
    trpc.constellations.listWithCustomerNames.infiniteQueryOptions({ ...filters.query, limit: PAGE_SIZE.projects }, pagedByCursor),
  );
  const create = useMutation(trpc.constellations.create.mutationOptions({ onSuccess: invalidate }));
  const archive = useArchiveToggle("constellations");

  return (
    <>
      <PageHeader
        title="Projects"
        description={canManage ? "Work grouped by goal, optionally for a customer." : "Work grouped by goal. Admins add, change and archive projects."}
        actions={
          canManage && (
            <FormDialog title="New project" trigger={<Button variant="primary">New project</Button>}>
              <ProjectForm submitLabel="Create project" onSubmit={(input) => create.mutateAsync(input)} />
            </FormDialog>
          )
        }
      />
      <ListFilters label="Search projects" filters={filters} />
      <ArchiveNotice archive={archive} />
      <PagedQueryState
        query={list}
        loadingLabel="Loading projects…"
        empty={
          <EmptyState title={filters.query.search ? "No project matches this search." : "No projects yet."}>
            {filters.query.search ? "Try another title or goal." : canManage ? "Create a project to group tasks and time." : "An admin adds the projects you track time for."}
          </EmptyState>
        }
      >
        {(rows) => (
          <Table caption="Projects" columns={["Project", "Customer", "Status", "Due", canManage && ACTIONS]}>
            <tbody>
              {rows.map((project) => (
                <tr key={project.id}>
                  <td>
                    <Link className="font-semibold break-words" href={`/projects/${project.id}`}>
                      {project.title}
                    </Link>{" "}
                    {project.archived && <Badge>Archived</Badge>}
                  </td>
                  <td data-label="Customer">{project.customerName ?? "—"}</td>
                  <td data-label="Status">{statusLabel(project.status)}</td>
                  <td className="whitespace-nowrap" data-label="Due">{formatDueDate(project.dueDate)}</td>
                  {canManage && (
                    <td className="text-right tabular-nums whitespace-nowrap">
                      <ArchiveButton row={{ ...project, name: project.title }} archive={archive} />
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
