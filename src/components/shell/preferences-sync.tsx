"use client";
// Applies the person's preferences in this browser: the theme on <html data-theme> (none for System,
// which follows the system) and how times, durations and weeks are shown (src/lib/display.ts). The
// first render matches the server's (defaults); a layout effect then applies the preferences and
// re-mounts the page under a new key before the browser paints, so every list reads them at once.
import { useLayoutEffect, useState } from "react";
import { useAccount } from "@/components/ui/use-account";
import { applyTheme, setDisplay } from "@/lib/display";

/** The key the page's content is mounted under: it changes when the display preferences do. */
export function usePreferencesKey(): string {
  const { timeZone, timeFormat, durationFormat, weekStart, theme } = useAccount().preferences;
  const key = [timeZone, timeFormat, durationFormat, weekStart].join("|");
  const [applied, setApplied] = useState("server");
  useLayoutEffect(() => {
    setDisplay({ timeZone, timeFormat, durationFormat, weekStart });
    setApplied(key);
  }, [key, timeZone, timeFormat, durationFormat, weekStart]);
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme]);
  return applied;
}
