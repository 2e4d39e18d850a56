"use client";
// Archive (confirmed, then undoable) and Unarchive for a customer or a project, and the notice that
// says what happened and offers Undo: a polite live region (role=status), reachable by keyboard.
import { Button } from "./button";
import { ConfirmDialog } from "./dialog";
import { FormError } from "./form-error";
import { noticeClass } from "./styles";
import { cn } from "./cn";
import type { ArchivableRow, ArchiveToggle } from "./use-archive";

const CONSEQUENCES = {
  customer: "It leaves the customer lists and pickers; its time, projects and invoices stay as they are. You can undo this, or unarchive it later.",
  project: "It leaves the project lists and pickers; its tasks and time stay as they are. You can undo this, or unarchive it later.",
} as const;

/** "Archive" (asks first) or "Unarchive", each named with the row it acts on ("Archive Globex"). */
export function ArchiveButton({ row, archive }: { row: ArchivableRow; archive: ArchiveToggle }) {
  const isPending = archive.pendingId === row.id;
  if (row.archived) {
    return (
      <Button size="sm" variant="secondary" isPending={isPending} aria-label={`Unarchive ${row.name}`} onClick={() => archive.unarchive(row)}>
        Unarchive
      </Button>
    );
  }
  return (
    <ConfirmDialog
      title={`Archive ${row.name}?`}
      description={CONSEQUENCES[archive.what]}
      confirmLabel={`Archive ${archive.what}`}
      trigger={
        <Button size="sm" variant="ghost" isPending={isPending} aria-label={`Archive ${row.name}`}>
          Archive
        </Button>
      }
      onConfirm={() => archive.archive(row)}
      onCloseAutoFocus={archive.focusAfterClose}
    />
  );
}

/** What the last archive did, with Undo; always in the page so that screen readers hear it change. */
export function ArchiveNotice({ archive }: { archive: ArchiveToggle }) {
  const { outcome } = archive;
  const isUndoing = outcome?.kind === "archived" && archive.pendingId === outcome.row.id;
  return (
    <>
      <div role="status">
        {outcome && (
          <div className={cn(noticeClass("info"), "flex flex-wrap items-center gap-x-3 gap-y-2")}>
            <span className="flex-[1_1_200px]">
              {outcome.kind === "archived" ? `${outcome.row.name} is archived.` : `${outcome.row.name} is active again.`}
            </span>
            {outcome.kind === "archived" ? (
              <Button ref={archive.noticeAction} size="sm" isPending={isUndoing} onClick={archive.undo}>
                Undo
              </Button>
            ) : (
              <Button ref={archive.noticeAction} size="sm" variant="ghost" onClick={archive.dismiss}>
                Dismiss
              </Button>
            )}
          </div>
        )}
      </div>
      <FormError error={archive.error} />
    </>
  );
}
