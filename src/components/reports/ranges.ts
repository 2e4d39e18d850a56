// Report ranges are calendar days in the browser's zone, sent as the half-open [from, to) instants.
import { dayValue } from "@/components/invoices/period";

export interface DayRange {
  from: string;
  to: string;
}

function localMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** [first instant of `from`, first instant after `to`); null while a day is missing or reversed. */
export function rangeInstants(range: DayRange): { from: string; to: string } | null {
  const start = localMidnight(range.from);
  const end = localMidnight(range.to);
  if (!start || !end || end < start) return null;
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

const mondayOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));

export const PRESETS: Array<{ label: string; range: (now: Date) => DayRange }> = [
  { label: "This week", range: (now) => ({ from: dayValue(mondayOf(now)), to: dayValue(now) }) },
  {
    label: "Last week",
    range: (now) => {
      const monday = mondayOf(now);
      return { from: dayValue(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7)), to: dayValue(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 1)) };
    },
  },
  { label: "This month", range: (now) => ({ from: dayValue(new Date(now.getFullYear(), now.getMonth(), 1)), to: dayValue(now) }) },
  { label: "Last month", range: (now) => ({ from: dayValue(new Date(now.getFullYear(), now.getMonth() - 1, 1)), to: dayValue(new Date(now.getFullYear(), now.getMonth(), 0)) }) },
];
