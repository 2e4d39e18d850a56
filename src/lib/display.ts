// How this browser shows instants, durations and weeks: the signed-in person's preferences (time zone,
// 12/24-hour clock, duration format, week start), set once by the app's shell when the account is
// known (and again when it changes), read by src/lib/time-format.ts and src/lib/week.ts. Before that
// (and on the server) the defaults apply: the runtime's zone and clock, `hm` durations, Monday weeks.
import type { DurationFormat } from "./duration";

export interface DisplayPreferences {
  timeZone?: string;
  timeFormat?: "h12" | "h24";
  durationFormat: DurationFormat;
  weekStart: "monday" | "sunday";
}

export const DEFAULT_DISPLAY: DisplayPreferences = { durationFormat: "hm", weekStart: "monday" };

let current: DisplayPreferences = DEFAULT_DISPLAY;

export const display = (): DisplayPreferences => current;

/** Called in the browser only: a server render serves many people and keeps the defaults. */
export function setDisplay(preferences: DisplayPreferences): void {
  current = preferences;
}

/** A zone and a clock to show instants in; absent parts are the runtime's own. */
export type Clock = Pick<DisplayPreferences, "timeZone" | "timeFormat">;

/** Intl options for a zone and clock (the person's chosen ones by default). `h23`, not `hour12: false`, which some locales read as 1-24. */
export function intlZoneOptions(clock: Clock = current): Intl.DateTimeFormatOptions {
  const { timeZone, timeFormat } = clock;
  return { ...(timeZone ? { timeZone } : {}), ...(timeFormat ? { hourCycle: timeFormat === "h12" ? "h12" : "h23" } : {}) };
}

export type Theme = "system" | "light" | "dark";

/** `data-theme` on <html>: none for System (the tokens follow the system), else the chosen set. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  if (theme === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", theme);
}

/** The same as an inline script the server puts before the page, so the first paint has the theme. */
export const themeScript = (theme: Theme) => `(${applyTheme.toString()})(document.documentElement, ${JSON.stringify(theme)})`;
