import { describe, expect, it } from "vitest";
import { bpsToPercentText, currencyDigits, formatMoney, moneyInputValue, parseMoney, percentTextToBps } from "./money";

describe("money", () => {
  it("knows each currency's minor units", () => {
    expect([currencyDigits("EUR"), currencyDigits("JPY"), currencyDigits("KWD")]).toEqual([2, 0, 3]);
  });

  it("formats minor units in the currency", () => {
    expect(formatMoney(12_345, "EUR", "en-US")).toBe("€123.45");
    expect(formatMoney(12_345, "JPY", "en-US")).toBe("¥12,345");
    expect(formatMoney(1_000_000, "USD", "en-US")).toBe("$10,000.00");
  });

  it("parses typed amounts to minor units, refusing what is not one", () => {
    expect(parseMoney("120", "EUR")).toBe(12_000);
    expect(parseMoney(" 1,200.5 ", "EUR")).toBe(120_050);
    expect(parseMoney("0.07", "USD")).toBe(7);
    expect(parseMoney("", "EUR")).toBeNull();
    expect(parseMoney("12.345", "EUR")).toBeNaN();
    expect(parseMoney("-5", "EUR")).toBeNaN();
    expect(parseMoney("1.5", "JPY")).toBeNaN();
    expect(parseMoney("1500", "JPY")).toBe(1500);
    expect(moneyInputValue(120_050, "EUR")).toBe("1200.50");
    expect(moneyInputValue(null, "EUR")).toBe("");
    expect(parseMoney(moneyInputValue(99, "USD"), "USD")).toBe(99);
  });

  it("converts percentages and basis points", () => {
    expect(percentTextToBps("19.5")).toBe(1950);
    expect(percentTextToBps("7")).toBe(700);
    expect(percentTextToBps("7.125")).toBeNaN();
    expect(bpsToPercentText(1950)).toBe("19.5");
  });
});
