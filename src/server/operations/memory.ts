// Memory after a burst of work. An import of the documented maximum, an export or a big report leaves
// a few hundred MiB of garbage on V8's heap, and a server that then goes quiet allocates too little
// for a collection to run: it keeps that garbage (and its resident memory) for as long as it idles.
// Once such a burst is over and no other has started for a moment, one major collection is asked for
// (`gc`, exposed by `--expose-gc` in `npm start`; without it, as in tests, nothing happens).
import { processState } from "@/server/process-state";

/** Quiet after the last burst before collecting: a series of imports is collected once, after the last. */
const QUIET_MS = 2_000;

type Collect = (options: { type: "major"; execution: "async" }) => Promise<void>;

const pending = processState("memory.pendingCollection", () => ({ timer: undefined as NodeJS.Timeout | undefined }));

/** Runs `burst` and, once it settles and nothing else bursts for QUIET_MS, collects the garbage it left. */
export async function collectingAfter<T>(burst: () => Promise<T>): Promise<T> {
  try {
    return await burst();
  } finally {
    const collect = (globalThis as { gc?: Collect }).gc;
    if (collect) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(() => void collect({ type: "major", execution: "async" }), QUIET_MS).unref();
    }
  }
}
