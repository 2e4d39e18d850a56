// Invoice periods are picked as calendar days in the browser's zone and sent as the instants that
// bound them: the first millisecond of the first day to the last millisecond of the last day.

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DD` of a local date. */
export const dayValue = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instants [start of `from`, end of `to`] in the browser's zone; null while a day is missing. */
export function periodOf(from: string, to: string): { periodStart: string; periodEnd: string } | null {
  const start = localDay(from);
  const end = localDay(to);
  if (!start || !end) return null;
  end.setDate(end.getDate() + 1);
  return { periodStart: start.toISOString(), periodEnd: new Date(end.getTime() - 1).toISOString() };
}

/** The previous calendar month, the usual thing to invoice. */
export function lastMonth(now = new Date()): { from: string; to: string } {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { from: dayValue(first), to: dayValue(last) };
}

/** From the first of this month to today. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  return { from: dayValue(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayValue(now) };
}
