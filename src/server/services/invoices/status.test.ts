import { describe, expect, it } from "vitest";
import { canChangeStatus, nextStatuses } from "./status";

describe("invoice status changes", () => {
  it.each([
    ["draft", "issued", true],
    ["draft", "paid", false],
    ["draft", "void", true],
    ["issued", "issued", false],
    ["issued", "paid", true],
    ["issued", "void", true],
    ["paid", "issued", false],
    ["paid", "paid", false],
    ["paid", "void", false],
    ["void", "issued", false],
    ["void", "paid", false],
    ["void", "void", false],
  ] as const)("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed);
  });

  it("offers each status its moves", () => {
    expect(nextStatuses("draft")).toEqual(["issued", "void"]);
    expect(nextStatuses("issued")).toEqual(["paid", "void"]);
    expect(nextStatuses("paid")).toEqual([]);
    expect(nextStatuses("void")).toEqual([]);
  });
});
