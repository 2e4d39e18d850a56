// Periods are picked as calendar days (`YYYY-MM-DD`) in the browser's zone and sent as the instants
// that bound them: invoices as the closed [first millisecond, last millisecond], reports as the
// half-open [first instant of `from`, first instant after `to`).

export interface DayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a local date. */
export const dayValue = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Local midnight of a `YYYY-MM-DD` day; null when it is not one. */
function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Local midnight of `from` and the one after `to`; null while a day is missing. */
function dayBounds(from: string, to: string): { start: Date; end: Date } | null {
  const start = localDay(from);
  const end = localDay(to);
  if (!start || !end) return null;
  end.setDate(end.getDate() + 1);
  return { start, end };
}

/** An invoice's period: the instants [start of `from`, end of `to`]; null while a day is missing (a reversed one is the server's to refuse). */
export function periodOf(from: string, to: string): { periodStart: string; periodEnd: string } | null {
  const bounds = dayBounds(from, to);
  return bounds && { periodStart: bounds.start.toISOString(), periodEnd: new Date(bounds.end.getTime() - 1).toISOString() };
}

/** A report's range: [first instant of `from`, first instant after `to`); null while a day is missing or reversed. */
export function rangeInstants(range: DayRange): DayRange | null {
  const bounds = dayBounds(range.from, range.to);
  if (!bounds || bounds.end <= bounds.start) return null;
  return { from: bounds.start.toISOString(), to: bounds.end.toISOString() };
}

const mondayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));

/** From the first of this month to today. */
export function thisMonth(now = new Date()): DayRange {
  return { from: dayValue(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayValue(now) };
}

/** The previous calendar month, the usual thing to invoice. */
export function lastMonth(now = new Date()): DayRange {
  return { from: dayValue(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: dayValue(new Date(now.getFullYear(), now.getMonth(), 0)) };
}

export const PRESETS: Array<{ label: string; range: (now: Date) => DayRange }> = [
  { label: "This week", range: (now) => ({ from: dayValue(mondayOf(now)), to: dayValue(now) }) },
  {
    label: "Last week",
    range: (now) => {
      const monday = mondayOf(now);
      return { from: dayValue(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7)), to: dayValue(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 1)) };
    },
  },
  { label: "This month", range: thisMonth },
  { label: "Last month", range: lastMonth },
];
