import { describe, expect, it } from "vitest";
import { addDays, startOfDay, weekBounds, weekFromParam } from "./week";
import { isTimeZone, startOfDayIn, startOfNamedDayIn, weekIn } from "./zoned-day";

describe("days in a named zone", () => {
  it("gives the same instants as the browser's own calendar arithmetic in its zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = new Date("2026-11-25T15:30:00.000Z");
    expect(startOfDayIn(now, zone).toISOString()).toBe(startOfDay(now).toISOString());
    expect(startOfDayIn(now, zone, 1).toISOString()).toBe(addDays(startOfDay(now), 1).toISOString());
  });

  it("follows daylight-saving changes: a 23-hour and a 25-hour day", () => {
    expect(startOfDayIn(new Date("2026-03-29T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn(new Date("2026-03-29T12:00:00Z"), "Europe/Berlin", 1).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDayIn(new Date("2026-11-01T12:00:00Z"), "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfDayIn(new Date("2026-11-01T12:00:00Z"), "America/New_York", 1).toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });

  it("takes the zone's day, not UTC's, and half-hour offsets", () => {
    expect(startOfDayIn(new Date("2026-11-24T20:00:00Z"), "Asia/Kolkata").toISOString()).toBe("2026-11-24T18:30:00.000Z");
    expect(startOfNamedDayIn("2026-11-01", "Asia/Kolkata")?.toISOString()).toBe("2026-10-31T18:30:00.000Z");
    expect(startOfNamedDayIn("2026-11-30", "Asia/Kolkata", 1)?.toISOString()).toBe("2026-11-30T18:30:00.000Z");
    expect(startOfNamedDayIn("not a day", "Asia/Kolkata")).toBeNull();
  });

  it("names the week of a parameter, or this week, as the browser's week.ts does in its zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const now = new Date("2026-11-25T15:30:00.000Z");
    for (const param of [null, "2026-11-18", "2026-03-29", "2026-02-30", "garbage"]) {
      const expected = weekBounds(weekFromParam(param, now));
      const actual = weekIn(param, now, zone);
      expect(actual.dayStarts.map((day) => day.toISOString())).toEqual(expected.dayStarts.map((day) => day.toISOString()));
      expect(actual.end.toISOString()).toBe(expected.end.toISOString());
    }
    const berlin = weekIn("2026-03-25", now, "Europe/Berlin");
    expect(berlin.dayStarts[0]!.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(berlin.dayStarts[6]!.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(berlin.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });

  it("knows real zones only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
