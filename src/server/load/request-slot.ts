// The request's slot at the server's edge (fair admission, load/admission.ts), for work that only
// waits to give it back: a password hash waiting for the hasher (or computing on its thread), and the
// equal-time wait that stands in for one (auth/passwords.ts). The edge runs each admitted request
// inside `holdingRequestSlot`; `leaveRequestSlot` frees the slot for the next request in turn, and the
// request goes on outside admission (its remaining work is bounded by the hasher's own limit). In the
// process's registry: the server and Next's route bundles load this module separately.
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "@/server/process-state";

interface HeldSlot {
  release(): void;
}

const slots = processState("requestSlot", () => new AsyncLocalStorage<HeldSlot>());

/** Runs a request's work holding `slot`: work inside it may give the slot back. */
export function holdingRequestSlot<T>(slot: HeldSlot, work: () => T): T {
  return slots.run(slot, work);
}

/** Gives the current request's slot back, if it holds one (later calls, and calls outside a request, do nothing). */
export function leaveRequestSlot(): void {
  slots.getStore()?.release();
}
