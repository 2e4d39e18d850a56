// The time a test runs at, for the test and the server it drives in the same process: only `Date` is
// faked (timers and I/O stay real) and it moves on in real time from the instant set, so code that
// reads `new Date()` (a budget's current month, "the time cannot be in the future") sees that instant
// whatever day the suite runs on.
import { afterEach, vi } from "vitest";

/** Installs the clock for each test of the block that calls `setNow`; real time again after each test. */
export function useTestClock(): (instant: string) => void {
  afterEach(() => {
    vi.useRealTimers();
  });
  return (instant) => {
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(instant));
  };
}
