// Long-lived responses (the events stream) that SIGTERM ends at once, so that a stopping instance
// closes them cleanly instead of leaving them to the process's exit. One set per process
// (process-state.ts, as Next may load this module in more than one bundle).
import { processState } from "@/server/process-state";

function openStreams(): Set<() => void> {
  return processState("openStreams", () => new Set<() => void>());
}

/** Registers a stream's close function; returns the function that unregisters it. */
export function trackOpenStream(close: () => void): () => void {
  openStreams().add(close);
  return () => {
    openStreams().delete(close);
  };
}

/** Ends every open stream (SIGTERM). */
export function closeOpenStreams(): number {
  const closers = [...openStreams()];
  openStreams().clear();
  for (const close of closers) close();
  return closers.length;
}
