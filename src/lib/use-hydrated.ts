// True once the page runs in the browser. Text that depends on the browser (its time zone, the clock)
// renders only then, so the server's HTML and the first browser render agree.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
