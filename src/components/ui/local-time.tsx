"use client";
// An instant as the browser's clock reads it. The server render shows nothing zone-dependent (it does
// not know the browser's zone); the text appears on hydration, inside a <time> carrying the instant.
import { formatDate, formatDateTime, formatTime } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";

const formats = { datetime: formatDateTime, date: formatDate, time: formatTime } as const;

export function LocalTime({ value, format = "datetime", fallback = "—" }: { value: string | null | undefined; format?: keyof typeof formats; fallback?: string }) {
  const isHydrated = useHydrated();
  if (!value) return <>{fallback}</>;
  return <time dateTime={value}>{isHydrated ? formats[format](value) : ""}</time>;
}
