"use client";
// Archive and unarchive for customers and projects: one mutation, lists and pages re-read after.
import { useMutation } from "@tanstack/react-query";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";
import { useInvalidate } from "./use-invalidation";

export interface ArchiveToggle {
  /** Archives an active row, unarchives an archived one; a refusal shows as `error`. */
  toggle: (row: { id: string; archived: boolean }) => void;
  pendingId: string | undefined;
  error: DisplayError | null;
}

export function useArchiveToggle(kind: "customers" | "constellations"): ArchiveToggle {
  const client = useTRPCClient();
  const invalidate = useInvalidate(kind);
  const mutation = useMutation({
    mutationFn: async (row: { id: string; archived: boolean }): Promise<void> => {
      const procedures = kind === "customers" ? client.customers : client.constellations;
      await (row.archived ? procedures.unarchive : procedures.archive).mutate({ id: row.id });
    },
    onSuccess: invalidate,
  });
  return {
    toggle: (row) => mutation.mutate(row),
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
    error: mutation.error ? describeError(mutation.error) : null,
  };
}
