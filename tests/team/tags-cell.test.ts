// The tags cell of Orbit's time-log CSV files (src/lib/time-log-csv.ts): whatever tags the API takes,
// the cell the export, the report and the Time logs page write reads back as the same tags, and the
// plain comma-separated cells other tools write read as before.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readTagsCell, tagsCell } from "@/lib/time-log-csv";
import { MAX_TAG_LENGTH, MAX_TAGS } from "@/lib/limits";

/** Tags as the API stores them: trimmed, non-empty, at most MAX_TAG_LENGTH characters, each once. */
const storedTags = fc.uniqueArray(
  fc.string({ minLength: 1, maxLength: MAX_TAG_LENGTH, unit: fc.constantFrom("a", "b", " ", ",", '"', "'", "=", "é", "\\t") }).map((tag) => tag.trim()).filter(Boolean),
  { maxLength: MAX_TAGS },
);

describe("the tags cell", () => {
  it("reads back every list of tags the API stores, commas and quotes included", () => {
    fc.assert(
      fc.property(storedTags, (tags) => {
        expect(readTagsCell(tagsCell(tags))).toEqual(tags);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes plain tags as other tools do and reads their cells: comma-separated, trimmed, none empty", () => {
    expect(tagsCell(["design", "review"])).toBe("design, review");
    expect(tagsCell(["a,b", 'say "hi"', "plain"])).toBe('"a,b", "say ""hi""", plain');
    expect(readTagsCell(" ux ,web,, ")).toEqual(["ux", "web"]);
    expect(readTagsCell("")).toEqual([]);
  });
});
