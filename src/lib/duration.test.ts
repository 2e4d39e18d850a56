import { describe, expect, it } from "vitest";
import { DURATION_HINT, formatDurationAs, parseDuration, type DurationFormat } from "./duration";

describe("parseDuration", () => {
  it.each([
    ["2", 7200],
    ["2.5", 9000],
    ["2,5", 9000],
    ["0.25", 900],
    ["2h 30m", 9000],
    ["2h30m", 9000],
    ["2h30", 9000],
    ["2:30", 9000],
    ["0:05", 300],
    ["1:30:00", 5400],
    ["1:00:30", 3630],
    ["90m", 5400],
    ["45 min", 2700],
    ["45 minutes", 2700],
    ["1h", 3600],
    ["1.5h", 5400],
    ["1,5 hours", 5400],
    ["2 hrs 5 mins", 7500],
    ["30s", 30],
    ["1h 30m 15s", 5415],
    ["  1H 30M  ", 5400],
    ["0", 0],
  ])("reads %j as %i seconds", (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds });
  });

  it.each(["", "   ", "abc", "1:75", "h", "-1", "-1h", "1:30pm", "2 30", "1.2.3", "30m 2h", "1:30:75", "m", "2x", "1,5,5h"])("refuses %j with a message for people", (text) => {
    expect(parseDuration(text)).toEqual({ ok: false, error: DURATION_HINT });
  });

  it("refuses hours that read two ways, naming both (the one number parser: src/lib/numbers.ts)", () => {
    expect(parseDuration("1,500")).toEqual({ ok: false, error: "Is it 1.5 or 1500? Write 1.50 or 1500." });
    expect(parseDuration("2.250 h")).toEqual({ ok: false, error: "Is it 2.25 or 2250? Write 2.25 or 2250." });
  });
});

describe("formatDurationAs", () => {
  it.each<[number, DurationFormat, string]>([
    [5400, "hm", "1:30"],
    [5400, "decimal", "1.50"],
    [5400, "hms", "1:30:00"],
    [0, "hm", "0:00"],
    [59, "hm", "0:00"],
    [3661, "hms", "1:01:01"],
    [900, "decimal", "0.25"],
    [43_200, "hm", "12:00"],
    [-5, "hms", "0:00:00"],
  ])("writes %i seconds as %s: %s", (seconds, format, text) => {
    expect(formatDurationAs(seconds, format)).toBe(text);
  });

  it.each<[DurationFormat, number[]]>([
    ["hm", [0, 60, 5400, 9000, 43_200]],
    ["hms", [0, 1, 61, 5415, 43_200]],
    ["decimal", [0, 36, 5400, 9000, 43_200]],
  ])("reads back what it writes in %s", (format, values) => {
    for (const seconds of values) expect(parseDuration(formatDurationAs(seconds, format))).toEqual({ ok: true, seconds });
  });
});
