// One home per rule: a literal that restates a rule (the 12-hour cap, the sync size, the CSV formula
// guard, a CSV's tags cell, a Retry-After header, who sees which logs and billing, a transaction's
// timeouts) is refused anywhere in src/ but its home, naming each file:line, so the next copy is
// caught when it is written.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Rule {
  rule: string;
  pattern: RegExp;
  /** The files the literal may appear in, relative to the repository: its home first. */
  homes: string[];
  /** Only these files and folders are scanned (default: all of src/). */
  within?: string[];
}

const RULES: Rule[] = [
  { rule: "the 12-hour cap of a time log is MAX_LOG_SECONDS", pattern: /\b43_?200\b|\b12 \* 60 \* 60\b|\b12 \* 3_?600\b/, homes: ["src/lib/limits.ts"] },
  { rule: "entries per sync call are MAX_SYNC_ENTRIES", pattern: /\b\w*(?:SYNC|BATCH_SIZE)\w*\s*=\s*500\b/, homes: ["src/lib/limits.ts"] },
  { rule: "the CSV formula guard is formulaSafe / readFormulaSafe", pattern: /\[=\+\\-@/, homes: ["src/lib/csv.ts"] },
  {
    rule: "a Retry-After header comes with rateLimited() / serviceUnavailable()",
    pattern: /["']retry-after["']\s*(?::|\]\s*=)\s*(?:String\(|["'`\d])/i,
    homes: ["src/server/errors.ts"],
  },
  { rule: "a member is not a role check of its own", pattern: /role\s*[!=]==?\s*["']member["']/, homes: [], within: ["src/server"] },
  {
    rule: "who sees which time logs is log-access.ts",
    pattern: /role\s*[!=]==?\s*["']admin["']/,
    homes: ["src/server/services/time-tracking/log-access.ts"],
    within: ["src/server/services/time-tracking", "src/server/services/reports", "src/server/services/exports", "src/server/services/imports"],
  },
  { rule: "a time-log CSV's tags cell is tagsCell / readTagsCell", pattern: /\btags\.join\(/, homes: [], within: ["src/server/services", "src/components/time-logs/time-log-csv.ts"] },
  {
    rule: "the billing mask of customer views is applied by the customer procedures' bases",
    pattern: /\bcustomerViewFor\(/,
    homes: ["src/server/api/routers/customers/billing-for-role.ts", "src/server/contract/customer.ts"],
  },
  { rule: "transaction timeouts are src/server/lib/transactions.ts", pattern: /\bmaxWait:\s*\d/, homes: ["src/server/lib/transactions.ts"] },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return relative === "src/generated" ? [] : sourceFiles(relative);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const files = sourceFiles("src").map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), "utf8").split("\n") }));

describe("one home per rule", () => {
  it.each(RULES)("$rule", ({ pattern, homes, within }) => {
    const found = files
      .filter(({ file }) => !homes.includes(file) && (!within || within.some((place) => file === place || file.startsWith(`${place}/`))))
      .flatMap(({ file, lines }) => lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });

  it("finds what it looks for (each rule's pattern matches in its home)", () => {
    for (const { rule, pattern, homes: [home] } of RULES) {
      if (home) expect(files.find(({ file }) => file === home)?.lines.some((line) => pattern.test(line)), `${rule}: ${home}`).toBe(true);
    }
  });
});
