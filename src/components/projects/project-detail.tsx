"use client";
// One project: edit it, archive or unarchive it.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CARD, noticeClass } from "@/components/ui/styles";
import { ArchiveButton } from "@/components/ui/archive-button";
import { useArchiveToggle } from "@/components/ui/use-archive";
import { FormError, PageHeader, QueryState } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { ProjectForm, statusLabel } from "./project-form";

export function ProjectDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("constellations");
  const project = useQuery(trpc.constellations.get.queryOptions({ id }));
  const update = useMutation(
    trpc.constellations.update.mutationOptions({ onSuccess: invalidate }),
  );
  const archive = useArchiveToggle("constellations");
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
            actions={<ArchiveButton row={data} archive={archive} />}
          />
          <FormError error={archive.error} />
          <section className={CARD} aria-labelledby="edit-project">
            <h2 id="edit-project">Edit project</h2>
            {update.isSuccess && (
              <p className={noticeClass("info")} role="status">
                Saved.
              </p>
            )}
            <ProjectForm key={data.updatedAt} project={data} submitLabel="Save changes" onSubmit={(input) => update.mutateAsync({ id, ...input })} />
          </section>
        </>
      )}
    </QueryState>
  );
}
