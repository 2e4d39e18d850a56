import { describe, expect, it } from "vitest";
import { parseDurationInput, parseTagsInput } from "./duration-input";

describe("parseDurationInput", () => {
  it("answers the one parser's seconds, or null", () => {
    expect(parseDurationInput("1:30")).toBe(5400);
    expect(parseDurationInput("45 min")).toBe(2700);
    expect(parseDurationInput("2")).toBe(7200);
    expect(parseDurationInput("abc")).toBeNull();
  });
});

describe("parseTagsInput", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseTagsInput(" design, client call ,,")).toEqual(["design", "client call"]);
    expect(parseTagsInput("")).toEqual([]);
  });
});
