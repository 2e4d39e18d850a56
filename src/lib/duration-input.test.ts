import { describe, expect, it } from "vitest";
import { parseTagsInput } from "./duration-input";

describe("parseTagsInput", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseTagsInput(" design, client call ,,")).toEqual(["design", "client call"]);
    expect(parseTagsInput("")).toEqual([]);
  });
});
