"use client";
// Archive and unarchive for customers and projects: one mutation each way, lists and pages re-read
// after. Archiving is confirmed (ArchiveButton) and then offers Undo in a notice (ArchiveNotice) that
// takes the focus, since the button that archived may have left the page with its row.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type RefObject } from "react";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";
import { useInvalidate } from "./use-invalidation";

export interface ArchivableRow {
  id: string;
  archived: boolean;
  /** What people call it: a customer's name, a project's title. */
  name: string;
}

/** What the notice says: the row just archived (with Undo), or just brought back. */
export type ArchiveOutcome = { kind: "archived" | "restored"; row: ArchivableRow } | null;

export interface ArchiveToggle {
  /** "customer" or "project", for the words of the confirmation and the notice. */
  what: "customer" | "project";
  /** Archives the row (after the confirmation); a refusal rejects, so the dialog shows it. */
  archive: (row: ArchivableRow) => Promise<void>;
  unarchive: (row: ArchivableRow) => void;
  /** Brings back the row the notice names. */
  undo: () => void;
  dismiss: () => void;
  outcome: ArchiveOutcome;
  pendingId: string | undefined;
  /** An unarchive or Undo the server refused. */
  error: DisplayError | null;
  /** The notice's button (Undo, then Dismiss): it takes the focus after an archive and after Undo. */
  noticeAction: RefObject<HTMLButtonElement | null>;
  /** For the confirmation's closing: moves the focus to the notice when an archive just happened. */
  focusAfterClose: (event: Event) => void;
}

export function useArchiveToggle(kind: "customers" | "constellations"): ArchiveToggle {
  const client = useTRPCClient();
  const invalidate = useInvalidate(kind);
  const [outcome, setOutcome] = useState<ArchiveOutcome>(null);
  const noticeAction = useRef<HTMLButtonElement | null>(null);
  const shouldFocusNotice = useRef(false);
  const procedures = kind === "customers" ? client.customers : client.constellations;
  const archive = useMutation({
    mutationFn: async (row: ArchivableRow): Promise<void> => {
      await procedures.archive.mutate({ id: row.id });
    },
    onSuccess: (_, row) => {
      shouldFocusNotice.current = true;
      setOutcome({ kind: "archived", row: { ...row, archived: true } });
      return invalidate();
    },
  });
  const unarchive = useMutation({
    mutationFn: async (request: { row: ArchivableRow; isUndo: boolean }): Promise<void> => {
      await procedures.unarchive.mutate({ id: request.row.id });
    },
    onSuccess: (_, { row, isUndo }) => {
      // After Undo the notice says so and keeps the focus; a plain Unarchive needs no notice.
      if (isUndo) {
        shouldFocusNotice.current = true;
        setOutcome({ kind: "restored", row: { ...row, archived: false } });
      } else {
        setOutcome(null);
      }
      return invalidate();
    },
  });
  useEffect(() => {
    // After Undo the Undo button is gone: its replacement (Dismiss) takes the focus.
    if (outcome?.kind === "restored" && shouldFocusNotice.current) {
      shouldFocusNotice.current = false;
      noticeAction.current?.focus();
    }
  }, [outcome]);
  return {
    what: kind === "customers" ? "customer" : "project",
    archive: async (row) => {
      archive.reset();
      await archive.mutateAsync(row);
    },
    unarchive: (row) => unarchive.mutate({ row, isUndo: false }),
    undo: () => {
      if (outcome?.kind === "archived") unarchive.mutate({ row: outcome.row, isUndo: true });
    },
    dismiss: () => {
      setOutcome(null);
      document.getElementById("main")?.focus();
    },
    outcome,
    pendingId: archive.isPending ? archive.variables?.id : unarchive.isPending ? unarchive.variables?.row.id : undefined,
    error: unarchive.error ? describeError(unarchive.error) : null,
    noticeAction,
    focusAfterClose: (event) => {
      if (!shouldFocusNotice.current || !noticeAction.current) return;
      shouldFocusNotice.current = false;
      event.preventDefault();
      noticeAction.current.focus();
    },
  };
}
