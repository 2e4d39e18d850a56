"use client";
// One project: its hours and tasks, edit it, archive it (confirmed, with Undo) or unarchive it; editing
// and archiving for whoever the server lets manage projects.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EditPanel } from "@/components/ui/edit-panel";
import { ArchiveButton, ArchiveNotice } from "@/components/ui/archive-button";
import { useCanManageCustomers, useIsAdmin } from "@/components/ui/use-account";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { PageHeader, QueryState } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { NotFoundPage } from "@/components/shell/not-found-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { WorkSummaryPanel } from "@/components/work/work-summary";
import { ProjectForm, statusLabel } from "./project-form";
import { ProjectBudgetPanel } from "./project-budget";

export function ProjectDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("constellations");
  const canManage = useCanManageCustomers();
  const isAdmin = useIsAdmin();
  const project = useQuery(trpc.constellations.get.queryOptions({ id }));
  const update = useMutation(
    trpc.constellations.update.mutationOptions({ onSuccess: invalidate }),
  );
  const archive = useArchiveToggle("constellations");
  if (project.error && describeError(project.error).code === "not_found") {
    return <NotFoundPage what="project" back={{ href: "/projects", label: "All projects" }} />;
  }
  return (
    <QueryState query={project} loadingLabel="Loading project…">
      {(data) => (
        <>
          <p className="text-sm">
            <Link href="/projects">← Projects</Link>
          </p>
          <PageHeader
            title={data.title}
            description={
              <>
                {statusLabel(data.status)}
                {data.customerId && (
                  <>
                    {" · for "}
                    <Link href={`/customers/${data.customerId}`}>{data.customerName}</Link>
                  </>
                )}
                {data.archived && " · Archived"}
              </>
            }
            actions={canManage && <ArchiveButton row={{ ...data, name: data.title }} archive={archive} />}
          />
          <ArchiveNotice archive={archive} />
          <WorkSummaryPanel subject={{ kind: "project", id, name: data.title }} />
          <ProjectBudgetPanel project={data} isAdmin={isAdmin} />
          {canManage && (
            <EditPanel headingId="edit-project" title="Edit project" isSaved={update.isSuccess}>
              <ProjectForm key={data.updatedAt} project={data} submitLabel="Save changes" onSubmit={(input) => update.mutateAsync({ id, ...input })} />
            </EditPanel>
          )}
        </>
      )}
    </QueryState>
  );
}
