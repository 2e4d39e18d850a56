import { describe, expect, it } from "vitest";
import { periodOf } from "./periods";
import { namedPeriodDays, resolveRelativeRange } from "./report-ranges";

describe("named periods: one definition for Reports and Invoices", () => {
  it("makes This month the whole calendar month, whatever day it is", () => {
    for (const now of ["2026-11-01T12:00:00Z", "2026-11-15T12:00:00Z", "2026-11-30T12:00:00Z"]) {
      expect(namedPeriodDays("this_month", new Date(now), "Europe/Berlin", "monday"), now).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    }
    expect(namedPeriodDays("last_month", new Date("2026-03-15T12:00:00Z"), "Europe/Berlin", "monday")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(namedPeriodDays("this_week", new Date("2026-11-25T12:00:00Z"), "Europe/Berlin", "sunday")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
  });

  it("counts the month in the person's zone, not the browser's or UTC's", () => {
    // 20:00 UTC on 30 November is 1 December in Kolkata and still 30 November in New York.
    expect(namedPeriodDays("this_month", new Date("2026-11-30T20:00:00Z"), "Asia/Kolkata", "monday")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(namedPeriodDays("this_month", new Date("2026-11-30T20:00:00Z"), "America/New_York", "monday")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
  });

  it("gives an invoice of This month exactly the instants of the report of This month", () => {
    const now = new Date("2026-11-18T09:00:00Z");
    const report = resolveRelativeRange("this_month", now, "Europe/Berlin", "monday");
    expect(report.from.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(report.to.toISOString()).toBe("2026-11-30T23:00:00.000Z");
    const days = namedPeriodDays("this_month", now, "Europe/Berlin", "monday");
    const invoice = periodOf(days.from, days.to, "Europe/Berlin")!;
    expect(invoice.periodStart).toBe(report.from.toISOString());
    // The invoice's period is closed: its last millisecond is the one before the report's end.
    expect(new Date(invoice.periodEnd).getTime() + 1).toBe(report.to.getTime());
    expect(periodOf("", days.to, "Europe/Berlin")).toBeNull();
  });
});
