"use client";
// Applies the person's preferences in this browser: the theme on <html data-theme> (none for System,
// which follows the system) and how times, durations and weeks are shown (useAppliedDisplay).
import { useLayoutEffect } from "react";
import { useAccount } from "@/components/ui/use-account";
import { useAppliedDisplay } from "@/components/ui/display-preferences";
import { applyTheme } from "@/lib/display";

/** The key the page's content is mounted under: it changes when the display preferences do. */
export function usePreferencesKey(): string {
  const { timeZone, timeFormat, durationFormat, weekStart, theme } = useAccount().preferences;
  const applied = useAppliedDisplay({ timeZone, timeFormat, durationFormat, weekStart });
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme]);
  return applied;
}
