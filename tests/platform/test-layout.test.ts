// Where test code lives: test files in the area folders, everything they share (factories, helpers,
// receivers) in tests/harness, the run's setup in tests/setup and the browser walk-through in
// tests/e2e. A helper written into an area folder fails here, naming the file.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TESTS = path.resolve(import.meta.dirname, "..");
/** Folders of tests/ that hold code other than test files. */
const SHARED_FOLDERS = new Set(["harness", "setup", "e2e"]);

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path.relative(TESTS, full)] : [];
  });
}

describe("the tests' layout", () => {
  it("keeps every shared helper and factory in tests/harness, not in an area's folder", () => {
    const misplaced = codeFiles(TESTS).filter((file) => !SHARED_FOLDERS.has(file.split(path.sep)[0]!) && !file.endsWith(".test.ts"));
    expect(misplaced).toEqual([]);
  });
});
