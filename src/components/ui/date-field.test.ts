import { describe, expect, it } from "vitest";
import { readDay } from "./date-field";

describe("readDay: a calendar day as people type it", () => {
  it.each([
    ["2026-11-25", "2026-11-25"],
    [" 2026-11-25 ", "2026-11-25"],
    ["2026/11/5", "2026-11-05"],
    ["2026.1.31", "2026-01-31"],
    ["2024-02-29", "2024-02-29"],
    ["", ""],
    ["   ", ""],
  ])("reads %j as %j", (text, day) => {
    expect(readDay(text)).toBe(day);
  });

  it.each(["2026-02-29", "2026-13-01", "2026-11-31", "2026-11", "25.11.2026", "11/25/2026", "2026-11-25T10:00", "tomorrow"])("refuses %j", (text) => {
    expect(readDay(text)).toBeUndefined();
  });
});
