import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_DISPLAY, setDisplay } from "./display";
import { fromLocalInputValue, toLocalInputValue } from "./time-format";
import { addDays, dayIndexOf, startOfWeek, toDateParam, weekBounds, weekFromParam } from "./week";

// Local dates: these tests hold in any time zone the suite runs in.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe("weeks run Monday to Sunday", () => {
  it("finds the Monday of any day, Sunday included", () => {
    expect(toDateParam(startOfWeek(local(2026, 11, 22, 23, 59)))).toBe("2026-11-16"); // a Sunday
    expect(toDateParam(startOfWeek(local(2026, 11, 23)))).toBe("2026-11-23"); // a Monday
    expect(toDateParam(startOfWeek(local(2026, 1, 1)))).toBe("2025-12-29"); // across a year
  });

  it("gives seven local midnights and the next Monday as the end", () => {
    const { dayStarts, end } = weekBounds(local(2026, 11, 18, 15));
    expect(dayStarts.map(toDateParam)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(dayStarts.every((day) => day.getHours() === 0 && day.getMinutes() === 0)).toBe(true);
    expect(toDateParam(end)).toBe("2026-11-23");
  });

  it("keeps midnight across a daylight-saving change (calendar days, not 24-hour steps)", () => {
    const { dayStarts } = weekBounds(local(2026, 3, 25));
    for (const day of dayStarts) expect(day.getHours()).toBe(0);
    const { dayStarts: autumn } = weekBounds(local(2026, 10, 28));
    for (const day of autumn) expect(day.getHours()).toBe(0);
  });

  it("reads the week parameter, falling back to this week when invalid", () => {
    const today = local(2026, 11, 20);
    expect(toDateParam(weekFromParam("2026-11-11", today))).toBe("2026-11-09");
    expect(toDateParam(weekFromParam(null, today))).toBe("2026-11-16");
    expect(toDateParam(weekFromParam("2026-02-30", today))).toBe("2026-11-16");
    expect(toDateParam(weekFromParam("next week", today))).toBe("2026-11-16");
  });

  it("places an instant in its day of the week, or outside it", () => {
    const bounds = weekBounds(local(2026, 11, 16));
    expect(dayIndexOf(local(2026, 11, 16, 0, 0), bounds)).toBe(0);
    expect(dayIndexOf(local(2026, 11, 18, 12), bounds)).toBe(2);
    expect(dayIndexOf(local(2026, 11, 22, 23, 59), bounds)).toBe(6);
    expect(dayIndexOf(local(2026, 11, 23), bounds)).toBe(-1);
    expect(dayIndexOf(addDays(local(2026, 11, 16), -1), bounds)).toBe(-1);
  });
});

describe("weeks and wall clocks in the person's zone, not the browser's", () => {
  const auckland = { timeZone: "Pacific/Auckland", weekStart: "sunday", durationFormat: "hm" } as const;
  afterEach(() => setDisplay(DEFAULT_DISPLAY));

  it("runs the week from Sunday in Pacific/Auckland whatever the runtime's zone", () => {
    setDisplay(auckland);
    // Saturday 2026-11-21 20:00 UTC is Sunday 22 09:00 in Auckland (NZDT, UTC+13): its week starts that day.
    const { dayStarts, end } = weekBounds(new Date("2026-11-21T20:00:00.000Z"));
    expect(dayStarts.map(toDateParam)).toEqual(["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);
    expect(dayStarts[0]!.toISOString()).toBe("2026-11-21T11:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-28T11:00:00.000Z");
    expect(toDateParam(weekFromParam("2026-11-25"))).toBe("2026-11-22");
    expect(addDays(dayStarts[0]!, 1).toISOString()).toBe("2026-11-22T11:00:00.000Z");
  });

  it("reads and writes date-time field values in that zone and clock, across its daylight-saving change", () => {
    setDisplay(auckland);
    expect(toLocalInputValue("2026-11-21T20:00:00.000Z")).toBe("2026-11-22 09:00");
    expect(fromLocalInputValue("2026-11-22 09:00")).toBe("2026-11-21T20:00:00.000Z");
    // What a browser's own date-time control holds reads the same.
    expect(fromLocalInputValue("2026-11-22T09:00")).toBe("2026-11-21T20:00:00.000Z");
    // NZ winter (UTC+12) and summer (UTC+13) on either side of 2026-09-27.
    expect(fromLocalInputValue("2026-09-26T12:00")).toBe("2026-09-26T00:00:00.000Z");
    expect(fromLocalInputValue("2026-09-28 12:00")).toBe("2026-09-27T23:00:00.000Z");
    setDisplay({ ...auckland, timeFormat: "h12" });
    expect(toLocalInputValue("2026-11-21T20:00:00.000Z")).toBe("2026-11-22 9:00 AM");
    expect(toLocalInputValue("2026-11-22T01:30:00.000Z")).toBe("2026-11-22 2:30 PM");
    expect(toLocalInputValue("2026-11-21T11:05:00.000Z")).toBe("2026-11-22 12:05 AM");
    const cases: Array<[string, string | null]> = [
      ["2026-11-22 2:30 PM", "2026-11-22T01:30:00.000Z"],
      ["2026-11-22 2:30pm", "2026-11-22T01:30:00.000Z"],
      ["2026-11-22 2:30 p.m.", "2026-11-22T01:30:00.000Z"],
      ["2026-11-22 12:05 am", "2026-11-21T11:05:00.000Z"],
      ["2026-11-22 12:05 PM", "2026-11-21T23:05:00.000Z"],
      ["2026-11-22 14:30", "2026-11-22T01:30:00.000Z"],
      ["2026-11-22 9.05", "2026-11-21T20:05:00.000Z"],
      ["2026-11-22 9", "2026-11-21T20:00:00.000Z"],
      ["2026-11-22T14:30:59", "2026-11-22T01:30:00.000Z"],
      ["2026-11-22 13:00 PM", null],
      ["2026-11-22 24:00", null],
      ["2026-11-22 9:60", null],
      ["2026-02-30 09:00", null],
      ["2026-11-22", null],
      ["", null],
      ["soon", null],
    ];
    for (const [text, instant] of cases) expect(fromLocalInputValue(text), text).toBe(instant);
  });
});
