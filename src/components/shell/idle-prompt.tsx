"use client";
// Idle time: when the page comes back after the tab was hidden, or the computer slept, for 10 minutes
// or more while a timer ran, it asks what that time was: keep it, discard the idle part (the entry
// ends when the idleness began), or stop at that point and start a new entry now with the same details.
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, FormError } from "@/components/ui";
import { useCurrentTimer, useStartTimer, useStopTimer } from "@/components/timer/use-running-timer";
import { formatTime } from "@/lib/time-format";
import { describeError, type DisplayError } from "@/trpc/errors";

export const IDLE_AFTER_MS = 10 * 60_000;
const TICK_MS = 15_000;

export function IdlePrompt() {
  const timer = useCurrentTimer().data ?? null;
  const stop = useStopTimer();
  const start = useStartTimer();
  const [idleSince, setIdleSince] = useState<Date | null>(null);
  const [error, setError] = useState<DisplayError | null>(null);
  const [isPending, setIsPending] = useState(false);
  const lastSeen = useRef(Date.now());
  const timerStart = timer ? new Date(timer.startedAt).getTime() : null;

  useEffect(() => {
    if (timerStart === null) return;
    const check = () => {
      const now = Date.now();
      const visible = document.visibilityState === "visible";
      // Away since the page was last seen: hidden then, or a tick that came late (the computer slept).
      if (visible && now - lastSeen.current >= IDLE_AFTER_MS) setIdleSince(new Date(Math.max(lastSeen.current, timerStart)));
      if (visible) lastSeen.current = now;
    };
    lastSeen.current = Date.now();
    const interval = setInterval(check, TICK_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(interval);
      document.removeEventListener("visibilitychange", check);
    };
  }, [timerStart]);

  async function choose(action: () => Promise<unknown>) {
    setIsPending(true);
    setError(null);
    try {
      await action();
      setIdleSince(null);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsPending(false);
    }
  }

  const open = idleSince !== null && timer !== null;
  return (
    <Dialog title="You were away" description={idleSince ? `The timer kept running while you were away since ${formatTime(idleSince)}.` : undefined} open={open} onOpenChange={(next) => !next && setIdleSince(null)}>
      <FormError error={error} />
      <div className="grid gap-2">
        <Button onClick={() => setIdleSince(null)}>Keep the time</Button>
        <Button disabled={isPending} onClick={() => void choose(() => stop.mutateAsync(idleSince!))}>
          Discard the idle time
        </Button>
        <Button
          variant="primary"
          disabled={isPending}
          onClick={() =>
            void choose(async () => {
              await stop.mutateAsync(idleSince!);
              const { description, taskId, customerId, constellationId, tags, isBillable } = timer!;
              await start.mutateAsync({ description, taskId, customerId, constellationId, tags, isBillable });
            })
          }
        >
          Stop then and start a new entry
        </Button>
      </div>
    </Dialog>
  );
}
