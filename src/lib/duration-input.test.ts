import { describe, expect, it } from "vitest";
import { parseDurationInput, parseTagsInput } from "./duration-input";

describe("parseDurationInput", () => {
  it.each([
    ["1:30", 5400],
    ["0:05", 300],
    ["1:00:30", 3630],
    ["90m", 5400],
    ["90 min", 5400],
    ["1.5h", 5400],
    ["1,5h", 5400],
    ["2h", 7200],
    ["1h 15m", 4500],
    ["45", 2700],
  ])("reads %s as %i seconds", (text, seconds) => {
    expect(parseDurationInput(text)).toBe(seconds);
  });

  it.each(["", "abc", "1:75", "h", "-1h", "1:30pm"])("refuses %j", (text) => {
    expect(parseDurationInput(text)).toBeNull();
  });
});

describe("parseTagsInput", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseTagsInput(" design, client call ,,")).toEqual(["design", "client call"]);
    expect(parseTagsInput("")).toEqual([]);
  });
});
