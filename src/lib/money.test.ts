import { describe, expect, it } from "vitest";
import { bpsToPercentText, currencyDigits, formatMoney, moneyInputValue, parseMoney, parsePercent } from "./money";

describe("money", () => {
  it("knows each currency's minor units", () => {
    expect([currencyDigits("EUR"), currencyDigits("JPY"), currencyDigits("KWD")]).toEqual([2, 0, 3]);
  });

  it("formats minor units in the currency", () => {
    expect(formatMoney(12_345, "EUR", "en-US")).toBe("€123.45");
    expect(formatMoney(12_345, "JPY", "en-US")).toBe("¥12,345");
    expect(formatMoney(1_000_000, "USD", "en-US")).toBe("$10,000.00");
  });

  it("parses typed amounts to minor units, refusing what is not one (the cases: src/lib/numbers.test.ts)", () => {
    expect(parseMoney("120", "EUR")).toEqual({ ok: true, minorUnits: 12_000 });
    expect(parseMoney(" 1,200.5 ", "EUR")).toEqual({ ok: true, minorUnits: 120_050 });
    expect(parseMoney("120,00", "EUR")).toEqual({ ok: true, minorUnits: 12_000 });
    expect(parseMoney("0.07", "USD")).toEqual({ ok: true, minorUnits: 7 });
    expect(parseMoney("", "EUR")).toEqual({ ok: true, minorUnits: null });
    expect(parseMoney("12.3456", "EUR")).toMatchObject({ ok: false });
    expect(parseMoney("-5", "EUR")).toMatchObject({ ok: false });
    expect(parseMoney("1.5", "JPY")).toMatchObject({ ok: false });
    expect(parseMoney("1500", "JPY")).toEqual({ ok: true, minorUnits: 1500 });
    expect(moneyInputValue(120_050, "EUR")).toBe("1200.50");
    expect(moneyInputValue(5, "EUR")).toBe("0.05");
    expect(moneyInputValue(1_200, "KWD")).toBe("1.20");
    expect(moneyInputValue(1_234, "KWD")).toBe("1.2340");
    expect(moneyInputValue(1_500, "JPY")).toBe("1500");
    expect(moneyInputValue(null, "EUR")).toBe("");
    expect(parseMoney(moneyInputValue(99, "USD"), "USD")).toEqual({ ok: true, minorUnits: 99 });
  });

  it("converts percentages and basis points", () => {
    expect(parsePercent("19.5")).toEqual({ ok: true, bps: 1950 });
    expect(parsePercent("19,5")).toEqual({ ok: true, bps: 1950 });
    expect(parsePercent("7")).toEqual({ ok: true, bps: 700 });
    expect(parsePercent("7.1234")).toMatchObject({ ok: false });
    expect(bpsToPercentText(1950)).toBe("19.5");
  });
});
