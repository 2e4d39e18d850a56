"use client";
// How a page shows times and durations (src/lib/display.ts), applied in this browser: the first
// render matches the server's (defaults); a layout effect then applies the preferences and re-mounts
// the content under a new key before the browser paints, so every list, chart and dialog reads them
// at once. The app's shell applies the signed-in person's; a shared report page applies its owner's.
import { Fragment, useLayoutEffect, useState, type ReactNode } from "react";
import { setDisplay, type DisplayPreferences } from "@/lib/display";

/** The key content is mounted under: "server" until the preferences are applied, then one per set of them. */
export function useAppliedDisplay({ timeZone, timeFormat, durationFormat, weekStart }: DisplayPreferences): string {
  const key = [timeZone, timeFormat, durationFormat, weekStart].join("|");
  const [applied, setApplied] = useState("server");
  useLayoutEffect(() => {
    setDisplay({ timeZone, timeFormat, durationFormat, weekStart });
    setApplied(key);
  }, [key, timeZone, timeFormat, durationFormat, weekStart]);
  return applied;
}

/** Content shown with these display preferences (`data-preferences="applied"` once they are). */
export function WithDisplayPreferences({ preferences, children }: { preferences: DisplayPreferences; children: ReactNode }) {
  const key = useAppliedDisplay(preferences);
  return (
    <div data-preferences={key === "server" ? "pending" : "applied"}>
      <Fragment key={key}>{children}</Fragment>
    </div>
  );
}
