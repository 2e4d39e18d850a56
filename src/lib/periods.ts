// An invoice's period is picked as calendar days (`YYYY-MM-DD`) in the person's zone (their
// preference) and sent as the closed range of instants [first millisecond, last millisecond] that
// bounds them. Named periods ("This month", "Last month") come from src/lib/report-ranges.ts, the
// definition Reports uses too.
import { addDays, isDateString, startOfZonedDay } from "./time-zone";

export interface DayRange {
  from: string;
  to: string;
}

/** An invoice's period: the instants [start of `from`, end of `to`] in the zone; null while a day is missing (a reversed one is the server's to refuse). */
export function periodOf(from: string, to: string, timeZone: string): { periodStart: string; periodEnd: string } | null {
  if (!isDateString(from) || !isDateString(to)) return null;
  return { periodStart: startOfZonedDay(from, timeZone).toISOString(), periodEnd: new Date(startOfZonedDay(addDays(to, 1), timeZone).getTime() - 1).toISOString() };
}
