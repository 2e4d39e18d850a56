"use client";
// Manual entries go through the offline queue: saved in localStorage first, then sent through the sync
// procedure with their clientSessionId. Offline (or when the request fails on the way), they wait and
// are sent when the browser is back online; a retry after an unknown outcome cannot double a log.
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { OfflineQueue, refusedEntryIndexes, type QueuedEntry } from "@/lib/offline-queue";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";

export type SubmitOutcome = "synced" | "queued";

export interface OfflineSync {
  /** Entries waiting in this browser. */
  pendingCount: number;
  isSyncing: boolean;
  /** Entries the server refused while syncing in the background, with its reason. */
  refused: { entry: QueuedEntry; error: DisplayError }[];
  /** Saves and sends one entry; throws the server's refusal (for the form's fields). */
  submit: (entry: QueuedEntry) => Promise<SubmitOutcome>;
  /** Sends whatever waits. */
  flush: () => Promise<void>;
  dismissRefused: () => void;
}

export function useOfflineSync(): OfflineSync {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const { mutateAsync: sendEntries } = useMutation(trpc.timeLogs.sync.mutationOptions());
  const queue = useMemo(() => (typeof window === "undefined" ? null : new OfflineQueue(window.localStorage)), []);
  const [pendingCount, setPendingCount] = useState(0);
  const [isSyncing, setIsSyncing] = useState(false);
  const [refused, setRefused] = useState<{ entry: QueuedEntry; error: DisplayError }[]>([]);
  const isFlushing = useRef(false);
  const refresh = useCallback(() => setPendingCount(queue?.entries().length ?? 0), [queue]);

  const flush = useCallback(async () => {
    if (!queue || isFlushing.current || !navigator.onLine) return;
    isFlushing.current = true;
    setIsSyncing(true);
    let hasCommitted = false;
    try {
      // Each round either empties a batch or drops the entries the server named; a network failure stops.
      for (let batch = queue.nextBatch(); batch.length > 0; batch = queue.nextBatch()) {
        try {
          await sendEntries({ entries: batch });
          // The sync is all-or-nothing: every entry of the batch is committed or was already.
          queue.remove(batch.map((entry) => entry.clientSessionId));
          hasCommitted = true;
        } catch (caught) {
          const error = describeError(caught);
          const indexes = error.code === "validation_error" ? refusedEntryIndexes(error.details) : [];
          if (indexes.length === 0) break;
          const dropped = indexes.map((index) => batch[index]).filter((entry): entry is QueuedEntry => entry !== undefined);
          queue.remove(dropped.map((entry) => entry.clientSessionId));
          setRefused((previous) => [...previous, ...dropped.map((entry) => ({ entry, error }))]);
        }
      }
    } finally {
      isFlushing.current = false;
      setIsSyncing(false);
      refresh();
      if (hasCommitted) await invalidate();
    }
  }, [queue, sendEntries, refresh, invalidate]);

  const submit = useCallback(
    async (entry: QueuedEntry): Promise<SubmitOutcome> => {
      if (!queue) throw new Error("The browser's storage is unavailable.");
      queue.add(entry);
      refresh();
      if (!navigator.onLine) return "queued";
      try {
        await sendEntries({ entries: [entry] });
      } catch (caught) {
        // Unreachable server: the entry waits for the next chance. Anything else is a real refusal.
        if (describeError(caught).code === "network_error") return "queued";
        queue.remove([entry.clientSessionId]);
        refresh();
        throw caught;
      }
      queue.remove([entry.clientSessionId]);
      refresh();
      await invalidate();
      return "synced";
    },
    [queue, sendEntries, refresh, invalidate],
  );

  useEffect(() => {
    refresh();
    void flush();
    const onOnline = () => void flush();
    // Another tab queued or synced entries.
    const onStorage = () => refresh();
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
    };
    // Once per mount: flush and refresh are stable for the page's life.
  }, [flush, refresh]);

  return { pendingCount, isSyncing, refused, submit, flush, dismissRefused: () => setRefused([]) };
}
