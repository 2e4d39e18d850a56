// Invoice arithmetic from tables: rounding of seconds, line amounts, tax.
import { describe, expect, it } from "vitest";
import { billedSeconds, divideRoundHalfUp, lineAmountCents, taxCents } from "@/server/services/invoices/arithmetic";
import { formatInvoiceNumber } from "@/server/services/invoices/create-invoice";

describe("billedSeconds", () => {
  it.each([
    // seconds, increment minutes, mode, billed
    [0, 15, "up", 0],
    [1, 15, "up", 900],
    [900, 15, "up", 900],
    [901, 15, "up", 1800],
    [1, 15, "down", 0],
    [1799, 15, "down", 900],
    [1800, 15, "down", 1800],
    [449, 15, "nearest", 0],
    [450, 15, "nearest", 900],
    [1349, 15, "nearest", 900],
    [1350, 15, "nearest", 1800],
    [61, 1, "up", 120],
    [89, 1, "nearest", 60],
    [90, 1, "nearest", 120],
    [3599, 60, "down", 0],
    [5400, 60, "nearest", 7200],
    [43200, 7, "up", 43260],
    [1234, 0, "up", 1234],
    [1234, 0, "down", 1234],
    [1234, 0, "nearest", 1234],
  ] as const)("%i s at %i min %s → %i s", (seconds, increment, mode, billed) => {
    expect(billedSeconds(seconds, increment, mode)).toBe(billed);
  });
});

describe("lineAmountCents", () => {
  it.each([
    // billed seconds, hourly rate cents, amount cents
    [3600, 10_000, 10_000],
    [900, 10_000, 2_500],
    [1, 10_000, 3], // 2.777… → 3
    [1, 1_800, 1], // 0.5 → 1 (half up)
    [1, 1_799, 0], // 0.4997… → 0
    [3, 600, 1], // 0.5 → 1
    [7, 12_345, 24], // 24.004…
    [0, 10_000, 0],
    [43_200, 2_147_483_647, 25_769_803_764],
  ])("%i s at %i c/h → %i c", (seconds, rate, amount) => {
    expect(lineAmountCents(seconds, rate)).toBe(amount);
  });
});

describe("taxCents", () => {
  it.each([
    // subtotal cents, bps, tax cents
    [10_000, 0, 0],
    [10_000, 1_900, 1_900],
    [1_005, 1_000, 101], // 100.5 → 101 (half up)
    [1_004, 1_000, 100], // 100.4 → 100
    [333, 2_000, 67], // 66.6 → 67
    [1, 5_000, 1], // 0.5 → 1
    [1, 4_999, 0],
    [12_345, 10_000, 12_345],
  ])("%i c at %i bps → %i c", (subtotal, bps, tax) => {
    expect(taxCents(subtotal, bps)).toBe(tax);
  });

  it("rounds half up exactly where floating point would not", () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(14_999, 10_000)).toBe(1);
    expect(divideRoundHalfUp(15_000, 10_000)).toBe(2);
  });
});

describe("formatInvoiceNumber", () => {
  it.each([
    [1, "INV-0001"],
    [42, "INV-0042"],
    [9999, "INV-9999"],
    [10000, "INV-10000"],
  ])("%i → %s", (sequence, number) => {
    expect(formatInvoiceNumber(sequence)).toBe(number);
  });
});
