// Whether request work is pressing on this process's event loop, for background work (the webhook
// worker's sends and fan-out batches) to give way while it is: requests wait at the server's edge for
// a slot, or requests are in progress while the event loop has been busy more than PRESSING_UTILIZATION
// of the last sample window (perf_hooks' event-loop utilization). A server with no requests in progress
// never presses, however busy its worker keeps it, and neither does a process without the server. The
// edge publishes its load (request-load.ts); this reads only that.
import { performance } from "node:perf_hooks";
import { requestLoad } from "@/server/load/request-load";

/** The event loop's utilization is re-sampled at most this often. */
const SAMPLE_MS = 50;
const PRESSING_UTILIZATION = 0.5;

const sampler = { last: performance.eventLoopUtilization(), at: performance.now(), utilization: 0 };

/** The event loop's utilization (0-1) over the last sample window. */
function recentUtilization(): number {
  const now = performance.now();
  if (now - sampler.at >= SAMPLE_MS) {
    const current = performance.eventLoopUtilization();
    sampler.utilization = performance.eventLoopUtilization(current, sampler.last).utilization;
    sampler.last = current;
    sampler.at = now;
  }
  return sampler.utilization;
}

export function isRequestWorkPressing(): boolean {
  const { inProgress, waiting } = requestLoad();
  return waiting > 0 || (inProgress > 0 && recentUtilization() > PRESSING_UTILIZATION);
}
