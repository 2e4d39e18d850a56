// The load of requests at this process's server edge, published by the edge (load/admission.ts) for
// background work to read (request-pressure.ts) without depending on the edge. A process that serves
// no requests (a worker process, a script) has none published: no load.
import { processState } from "@/server/process-state";

export interface RequestLoad {
  inProgress: number;
  waiting: number;
}

/** Reads the edge's load at the moment it is asked. */
export type RequestLoadSource = () => RequestLoad;

const NO_LOAD: RequestLoad = { inProgress: 0, waiting: 0 };

// In the process's registry, as the edge's admission is: the server and the worker may run in different bundles.
const published = processState("requestLoad", () => ({ source: undefined as RequestLoadSource | undefined }));

/** Called once by the edge; a later source replaces the earlier one. */
export function publishRequestLoad(source: RequestLoadSource): void {
  published.source = source;
}

export function requestLoad(): RequestLoad {
  return published.source?.() ?? NO_LOAD;
}
