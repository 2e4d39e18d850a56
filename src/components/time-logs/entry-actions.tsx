"use client";
// Each row's Edit entry, Delete entry (after a confirmation) and Continue, and the list that carries
// them with one live region announcing what happened. A log billed by an invoice that is not void is
// locked: the row says which invoice, and Edit and Delete are disabled with that reason.
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button, ConfirmDialog } from "@/components/ui";
import { TimeLogTable, type AppTimeLog } from "@/components/ui/time-log-table";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { EntryEditorDialog } from "./entry-editor";

/** "Billed on INV-0003", or null when the log may change. */
export const lockReason = (log: Pick<AppTimeLog, "lockedBy">) => (log.lockedBy ? `Billed on ${log.lockedBy}` : null);

/** Starts the timer with a log's fields; the caller announces the outcome. */
export function useContinueEntry(announce: (message: string) => void) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  return useMutation(
    trpc.timeLogs.continue.mutationOptions({
      onSuccess: (timer) => announce(`Timer started: ${timer.description || "untitled entry"}.`),
      onError: (caught) => announce(describeError(caught).message),
      onSettled: invalidate,
    }),
  );
}

export function EntryActions({ log, announce }: { log: AppTimeLog; announce: (message: string) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const reasonId = useId();
  const locked = lockReason(log);
  const remove = useMutation(trpc.timeLogs.delete.mutationOptions({ onSuccess: invalidate }));
  const continueEntry = useContinueEntry(announce);
  const [isEditing, setIsEditing] = useState(false);
  const lockedProps = locked ? { disabled: true, title: locked, "aria-describedby": reasonId } : {};

  return (
    <div className="flex w-[14.5rem] flex-wrap justify-end gap-1.5 max-sm:w-auto max-sm:justify-start">
      {locked && (
        <span id={reasonId} className="self-center text-xs text-muted-foreground basis-full text-right max-sm:text-left" data-testid="locked-reason">
          {locked}
        </span>
      )}
      <EntryEditorDialog
        source={{ kind: "log", log }}
        open={isEditing}
        onOpenChange={setIsEditing}
        onSaved={announce}
        trigger={
          <Button size="sm" {...lockedProps}>
            Edit entry
          </Button>
        }
      />
      {locked ? (
        <Button size="sm" variant="ghost" {...lockedProps}>
          Delete entry
        </Button>
      ) : (
        <ConfirmDialog
          title="Delete this entry?"
          description={`${log.description || log.taskTitle || "This entry"} leaves every list, report and total.`}
          confirmLabel="Delete entry"
          onConfirm={async () => {
            await remove.mutateAsync({ id: log.id });
            announce("Entry deleted.");
          }}
          trigger={
            <Button size="sm" variant="ghost">
              Delete entry
            </Button>
          }
        />
      )}
      {/* Not disabled while pending: the focus stays on the button. */}
      <Button size="sm" aria-busy={continueEntry.isPending || undefined} onClick={() => !continueEntry.isPending && continueEntry.mutate({ id: log.id })}>
        Continue
      </Button>
    </div>
  );
}

/** A list of logs with their row actions and the live region that announces each action's outcome. */
export function TimeLogList({ logs, caption, showMember, showDate }: { logs: AppTimeLog[]; caption: string; showMember?: boolean; showDate?: boolean }) {
  const [message, setMessage] = useState("");
  return (
    <>
      <p className="sr-only" role="status" aria-live="polite" data-testid="entry-status">
        {message}
      </p>
      <TimeLogTable logs={logs} caption={caption} showMember={showMember} showDate={showDate} actions={(log) => <EntryActions log={log} announce={setMessage} />} />
    </>
  );
}
