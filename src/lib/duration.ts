// The one duration parser and formatter (app-api section 11), framework-free so client components and
// the server share it. What a person may type:
//   2, 2.5, 2,5        hours (a bare number is hours, as in Harvest), read by the one number parser
//                      (src/lib/numbers.ts) as every amount is: `1,500` alone is refused with both readings
//   2:30, 1:30:00      h:mm and h:mm:ss
//   2h 30m, 2h30, 1h   units h/hr/hour(s), m/min/minute(s), s/sec/second(s), in that order, spaces optional;
//   90m, 45 min, 30s   a number after hours without a unit is minutes ("2h30"). Seconds are accepted so
//                      that every hms-formatted value reads back.
// Anything else is refused with a message for people.
import { numberValue, parseDecimal } from "./numbers";

export type DurationFormat = "hm" | "decimal" | "hms";

export type ParsedDuration = { ok: true; seconds: number } | { ok: false; error: string };

export const DURATION_HINT = "Enter a duration such as 1:30, 1.5 or 1h 30m";

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
/** Digits with decimal and thousands marks only: a number of hours for the number parser. */
const BARE_NUMBER = /^[\d.,\s'’]+$/;
const CLOCK = /^(\d+):([0-5]?\d)(?::([0-5]?\d))?$/;
const HOUR_UNIT = String.raw`\s*(?:h|hrs?|hours?)`;
const UNITS = new RegExp(
  String.raw`^(?:${NUMBER}${HOUR_UNIT})?\s*(?:${NUMBER}\s*(?:m|mins?|minutes?))?\s*(?:${NUMBER}\s*(?:s|secs?|seconds?))?$`,
);
const HOURS_THEN_MINUTES = new RegExp(String.raw`^(\d+)${HOUR_UNIT}\s*(\d+)$`);

class UnreadableNumber extends Error {}

/** A number of the text, by the one number parser; one it cannot read stops the parse (naming both readings when ambiguous). */
function amountOf(text: string | undefined): number {
  if (!text) return 0;
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new UnreadableNumber(parsed.problem === "ambiguous" ? parsed.message : DURATION_HINT);
  return numberValue(parsed);
}

/** Whole seconds of what a person typed, or a message saying what to type instead. */
export function parseDuration(text: string): ParsedDuration {
  const value = text.trim().toLowerCase();
  if (!value) return { ok: false, error: DURATION_HINT };
  try {
    if (BARE_NUMBER.test(value)) return { ok: true, seconds: Math.round(amountOf(value) * 3600) };
    let match = CLOCK.exec(value);
    if (match) return { ok: true, seconds: Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0) };
    match = HOURS_THEN_MINUTES.exec(value);
    if (match) return { ok: true, seconds: Number(match[1]) * 3600 + Number(match[2]) * 60 };
    match = UNITS.exec(value);
    if (match && (match[1] || match[2] || match[3])) {
      return { ok: true, seconds: Math.round(amountOf(match[1]) * 3600 + amountOf(match[2]) * 60 + amountOf(match[3])) };
    }
  } catch (error) {
    if (error instanceof UnreadableNumber) return { ok: false, error: error.message };
    throw error;
  }
  return { ok: false, error: DURATION_HINT };
}

/** `hm` 1:30, `decimal` 1.50 (hours, two places), `hms` 1:30:00; whole minutes are floored in `hm`. */
export function formatDurationAs(totalSeconds: number, format: DurationFormat): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, "0");
  if (format === "decimal") return (seconds / 3600).toFixed(2);
  if (format === "hm") return `${h}:${mm}`;
  return `${h}:${mm}:${String(seconds % 60).padStart(2, "0")}`;
}
