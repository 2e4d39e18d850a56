"use client";
// How the signed-in person wants durations shown (Settings → Preferences: 1:30, 1.50 or 1:30:00),
// through the one formatter (src/lib/duration.ts).
import { useCallback } from "react";
import { formatDurationAs } from "@/lib/duration";
import { useAccount } from "./use-account";

export function useDurationText(): (seconds: number) => string {
  const format = useAccount().preferences.durationFormat;
  return useCallback((seconds: number) => formatDurationAs(seconds, format), [format]);
}
