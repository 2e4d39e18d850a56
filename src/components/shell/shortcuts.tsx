"use client";
// Keyboard shortcuts on every app page while no field has focus (never while typing): `n` starts a
// timer, `s` stops it, `c` continues the last entry, `m` adds time, `?` lists them in a dialog
// (Escape closes it). Each outcome is announced in a live region.
import { useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Dialog } from "@/components/ui";
import { useContinueEntry } from "@/components/time-logs/entry-actions";
import { ADD_TIME_EVENT } from "@/components/timer/add-time-dialog";
import { useStartTimer, useStopTimer } from "@/components/timer/use-running-timer";
import { useAccount } from "@/components/ui/use-account";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";

export const SHORTCUTS = [
  { key: "n", label: "Start a timer" },
  { key: "s", label: "Stop the running timer" },
  { key: "c", label: "Continue the last entry" },
  { key: "m", label: "Add time" },
  { key: "?", label: "Show these shortcuts" },
] as const;

/** Typing in a field, or a dialog or menu open: the keys belong to it. */
function isBusy(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], [role='combobox'], [role='listbox'], [role='menu']")) return true;
  return document.querySelector("[role='dialog'], [role='alertdialog']") !== null;
}

export function KeyboardShortcuts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [message, setMessage] = useState("");
  const start = useStartTimer();
  const stop = useStopTimer();
  const continueEntry = useContinueEntry(setMessage);
  const userId = useAccount().user.id;
  // The latest address and person for the one listener.
  const state = useRef({ pathname, userId });
  state.current = { pathname, userId };

  useEffect(() => {
    async function run(key: string) {
      if (key === "?") return setIsHelpOpen(true);
      // Asked afresh: a Start or Continue a moment ago may not be in the cache yet.
      const running = "nsc".includes(key) && (await queryClient.fetchQuery({ ...trpc.timers.current.queryOptions(), staleTime: 0 })) !== null;
      if (key === "n") {
        if (running) return setMessage("A timer is already running.");
        await start.mutateAsync({});
        return setMessage("Timer started.");
      }
      if (key === "s") {
        if (!running) return setMessage("No timer is running.");
        await stop.mutateAsync();
        return setMessage("Timer stopped.");
      }
      if (key === "c") {
        if (running) return setMessage("A timer is already running; stop it first.");
        // The person's own last entry (an admin's list would otherwise hold everyone's) that has begun:
        // an entry planned for later today is not what they were just doing.
        const last = await queryClient.fetchQuery({
          ...trpc.timeLogs.listWithNames.queryOptions({ userId: state.current.userId, to: new Date(Date.now() + 1000).toISOString(), limit: 1 }),
          staleTime: 0,
        });
        const log = last.items[0];
        if (!log) return setMessage("There is no entry to continue yet.");
        return continueEntry.mutate({ id: log.id });
      }
      if (key === "m") {
        if (state.current.pathname === "/timer") window.dispatchEvent(new Event(ADD_TIME_EVENT));
        else router.push("/timer?add=time");
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (isBusy(event) || !SHORTCUTS.some((shortcut) => shortcut.key === event.key)) return;
      event.preventDefault();
      run(event.key).catch((caught: unknown) => setMessage(describeError(caught).message));
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [queryClient, router, trpc, start, stop, continueEntry]);

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite" data-testid="shortcut-status">
        {message}
      </p>
      <Dialog title="Keyboard shortcuts" description="When no field has focus." open={isHelpOpen} onOpenChange={setIsHelpOpen}>
        <dl className="m-0 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key} className="contents">
              <dt>
                <kbd className="inline-block min-w-7 rounded-md border border-border bg-subtle px-2 py-0.5 text-center font-mono text-sm">{shortcut.key}</kbd>
              </dt>
              <dd className="m-0">{shortcut.label}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </>
  );
}
