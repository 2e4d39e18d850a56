import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_HINT, formatDurationAs, parseDuration } from "./duration";
import { moneyInputValue, parseMoney, parsePercent } from "./money";
import { parseCount, parseDecimal, plainText } from "./numbers";

const read = (text: string, rules?: Parameters<typeof parseDecimal>[1]) => {
  const parsed = parseDecimal(text, rules);
  return parsed.ok ? plainText(parsed.negative, parsed.whole, parsed.fraction) : parsed;
};

describe("parseDecimal: numbers as people type them (app-api section 17)", () => {
  it.each([
    ["120", "120"],
    ["120.5", "120.5"],
    ["120,50", "120.5"],
    ["120,00", "120"],
    ["1,200.50", "1200.5"],
    ["1.200,50", "1200.5"],
    ["1 200,50", "1200.5"],
    ["1\u00a0200,50", "1200.5"],
    ["1\u202f200,50", "1200.5"],
    ["1\u2009200,50", "1200.5"],
    ["1'200.50", "1200.5"],
    ["1’200.50", "1200.5"],
    ["1 200", "1200"],
    ["1 200 300", "1200300"],
    ["1,234,567.89", "1234567.89"],
    ["1.234.567,89", "1234567.89"],
    ["1.234.567", "1234567"],
    ["1,234,567", "1234567"],
    ["1 234 567,5", "1234567.5"],
    ["1 200.500", "1200.5"],
    ["1200,500", "1200.5"],
    ["0,500", "0.5"],
    ["0.5", "0.5"],
    [".5", "0.5"],
    [",75", "0.75"],
    ["007", "7"],
    ["  42  ", "42"],
    ["€120,00", "120"],
    ["€ 1.200,50", "1200.5"],
    ["1.200,50 €", "1200.5"],
    ["$1,200.50", "1200.5"],
    ["0", "0"],
    ["-0", "0"],
  ])("reads %j as %s", (text, value) => {
    expect(read(text)).toBe(value);
  });

  it.each([
    ["1,200", "1.2", "1200", "Is it 1.2 or 1200? Write 1.20 or 1200."],
    ["1.200", "1.2", "1200", "Is it 1.2 or 1200? Write 1.20 or 1200."],
    ["12.345", "12.345", "12345", "Is it 12.345 or 12345? Write 12.3450 or 12345."],
    ["999,999", "999.999", "999999", "Is it 999.999 or 999999? Write 999.9990 or 999999."],
    ["1,000", "1", "1000", "Is it 1 or 1000? Write 1.00 or 1000."],
    ["€2.500", "2.5", "2500", "Is it 2.5 or 2500? Write 2.50 or 2500."],
  ])("refuses %j, naming both readings", (text, decimal, whole, message) => {
    expect(parseDecimal(text)).toEqual({ ok: false, problem: "ambiguous", message, readings: [decimal, whole] });
    expect(parseDecimal(text, { maxFractionDigits: 2 })).toMatchObject({ ok: false, problem: "ambiguous", readings: [decimal, whole] });
  });

  it.each([
    ["12.345", 2, "Is it 12.345 or 12345? This field keeps at most 2 decimals: write 12.35 or 12345."],
    ["999,999", 2, "Is it 999.999 or 999999? This field keeps at most 2 decimals: write 1000.00 or 999999."],
    ["1.005", 1, "Is it 1.005 or 1005? This field keeps at most 1 decimal: write 1.0 or 1005."],
    ["1.200", 2, "Is it 1.2 or 1200? Write 1.20 or 1200."],
  ])("offers %j in a field of %i decimals only as readings the field can keep", (text, maxFractionDigits, message) => {
    expect(parseDecimal(text, { maxFractionDigits })).toMatchObject({ ok: false, problem: "ambiguous", message });
  });

  it.each([
    "1.2.3",
    "1,2,3",
    "1.20.50",
    "1,200,50",
    "1,2.5",
    "1.5,3",
    "1.200,300.50",
    "1,200.300,50",
    "1 200.300,50",
    "1.200 300,50",
    "1 200'300",
    "1 200,300,5",
    "1,23,456.00",
    "12 34",
    "0 200",
    "120.",
    "120,",
    "1 200,5 0",
  ])("refuses %j: its marks are used in more than one way", (text) => {
    expect(parseDecimal(text)).toMatchObject({ ok: false, problem: "separators" });
  });

  it.each(["", "  ", "abc", "12a", "1e3", "0x10", "½", "1/2", "+", ".", ",", "--1", "1-"])("refuses %j as not a number", (text) => {
    expect(parseDecimal(text)).toMatchObject({ ok: false, problem: text.trim() ? "invalid" : "empty" });
  });

  it("keeps a field's decimals, sign and size", () => {
    expect(parseDecimal("-5")).toMatchObject({ ok: false, problem: "negative", message: "Enter zero or more." });
    expect(read("-5,5", { allowNegative: true })).toBe("-5.5");
    expect(read("−1.200,50", { allowNegative: true })).toBe("-1200.5");
    expect(parseDecimal("12.345,678", { maxFractionDigits: 2 })).toMatchObject({ ok: false, problem: "decimals", message: "Use at most 2 decimals." });
    expect(parseDecimal("1,5", { maxFractionDigits: 0 })).toMatchObject({ ok: false, problem: "decimals", message: "Enter a whole number, without decimals." });
    expect(read("1.2", { maxFractionDigits: 1 })).toBe("1.2");
    expect(parseDecimal("12345678901234")).toMatchObject({ ok: false, problem: "too_large" });
    // Without decimals in the field, a single mark before three digits can only group.
    expect(read("1,200", { maxFractionDigits: 0 })).toBe("1200");
    expect(read("1.000", { maxFractionDigits: 0 })).toBe("1000");
    // The field's own currency code is read past; another word is not.
    expect(read("EUR 120,50", { currency: "EUR" })).toBe("120.5");
    expect(read("120,50 eur", { currency: "EUR" })).toBe("120.5");
    expect(parseDecimal("USD 120,50", { currency: "EUR" })).toMatchObject({ ok: false, problem: "invalid" });
  });
});

describe("parseCount: whole counts (payment terms in days)", () => {
  it("reads whole numbers up to the field's maximum, with the parser's messages", () => {
    expect(parseCount("14", 365, "14 or 30 days")).toEqual({ ok: true, value: 14 });
    expect(parseCount(" 0 ", 365, "14 or 30 days")).toEqual({ ok: true, value: 0 });
    expect(parseCount("1,000", 5000, "14 or 30 days")).toEqual({ ok: true, value: 1000 });
    expect(parseCount("366", 365, "14 or 30 days")).toEqual({ ok: false, error: "Enter at most 365." });
    expect(parseCount("14,5", 365, "14 or 30 days")).toEqual({ ok: false, error: "Enter a whole number, without decimals." });
    expect(parseCount("two weeks", 365, "14 or 30 days")).toEqual({ ok: false, error: "Enter a whole number such as 14 or 30 days." });
    expect(parseCount("", 365, "14 or 30 days")).toEqual({ ok: false, error: "Enter a whole number such as 14 or 30 days." });
    expect(parseCount("-3", 365, "14 or 30 days")).toEqual({ ok: false, error: "Enter zero or more." });
  });
});

describe("parseMoney: amounts in minor units, never multiplied by 100", () => {
  it.each([
    ["120", "EUR", 12_000],
    ["120.5", "EUR", 12_050],
    ["120,50", "EUR", 12_050],
    // The €12,000.00/h of issue 35: the comma was taken for a thousands mark and dropped.
    ["120,00", "EUR", 12_000],
    ["1,200.50", "EUR", 120_050],
    ["1.200,50", "EUR", 120_050],
    ["1 200,50", "EUR", 120_050],
    ["1\u00a0200,50", "EUR", 120_050],
    ["1\u202f200,50", "EUR", 120_050],
    ["0.07", "USD", 7],
    ["0,07", "USD", 7],
    ["1500", "JPY", 1500],
    ["1,500", "JPY", 1500],
    ["1.500", "JPY", 1500],
    ["1,234", "KWD", null],
    ["1.2345", "KWD", null],
    ["1,2340", "KWD", 1234],
    ["12,5", "KWD", 12_500],
  ])("reads %j %s as %j", (text, currency, minorUnits) => {
    const parsed = parseMoney(text, currency);
    if (minorUnits === null) expect(parsed.ok).toBe(false);
    else expect(parsed).toEqual({ ok: true, minorUnits });
  });

  it("treats blank as no amount and explains every refusal in words", () => {
    expect(parseMoney("  ", "EUR")).toEqual({ ok: true, minorUnits: null });
    expect(parseMoney("1,200", "EUR")).toEqual({ ok: false, error: "Is it 1.2 or 1200? Write 1.20 or 1200." });
    expect(parseMoney("12.345", "EUR")).toEqual({ ok: false, error: "Is it 12.345 or 12345? This field keeps at most 2 decimals: write 12.35 or 12345." });
    expect(parseMoney("12,345", "EUR")).toMatchObject({ ok: false });
    expect(parseMoney("1,999", "EUR")).toMatchObject({ ok: false });
    expect(parseMoney("12,3456", "EUR")).toEqual({ ok: false, error: "Use at most 2 decimals." });
    expect(parseMoney("1.5", "JPY")).toEqual({ ok: false, error: "Enter a whole number, without decimals." });
    expect(parseMoney("-5", "EUR")).toEqual({ ok: false, error: "Enter zero or more." });
    expect(parseMoney("ten", "EUR")).toEqual({ ok: false, error: "Enter an amount such as 120 or 120,50." });
    expect(parseMoney("1.2.3", "EUR")).toMatchObject({ ok: false, error: expect.stringContaining("decimal mark") });
  });

  it("reads percentages the same way", () => {
    expect(parsePercent("19")).toEqual({ ok: true, bps: 1900 });
    expect(parsePercent("19,5")).toEqual({ ok: true, bps: 1950 });
    expect(parsePercent("7.25")).toEqual({ ok: true, bps: 725 });
    expect(parsePercent("0")).toEqual({ ok: true, bps: 0 });
    expect(parsePercent("100")).toEqual({ ok: true, bps: 10_000 });
    expect(parsePercent("100,01")).toEqual({ ok: false, error: "Enter a percentage between 0 and 100." });
    expect(parsePercent("7.1234")).toEqual({ ok: false, error: "Use at most 2 decimals." });
    expect(parsePercent("7.125")).toEqual({ ok: false, error: "Is it 7.125 or 7125? This field keeps at most 2 decimals: write 7.13 or 7125." });
    expect(parsePercent("")).toEqual({ ok: false, error: "Enter a percentage such as 19 or 7,5." });
  });
});

describe("durations read their decimal hours with the same parser", () => {
  it.each([
    ["2,5", 9000],
    ["2.5", 9000],
    ["0,25", 900],
    ["1,5h", 5400],
    ["1,75 hours 30s", 6330],
  ])("reads %j as %i seconds", (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds });
  });

  it("refuses an hour count that reads two ways, naming both", () => {
    expect(parseDuration("1,500")).toEqual({ ok: false, error: "Is it 1.5 or 1500? Write 1.50 or 1500." });
    expect(parseDuration("1.500h")).toEqual({ ok: false, error: "Is it 1.5 or 1500? Write 1.50 or 1500." });
    expect(parseDuration("1.2.3")).toEqual({ ok: false, error: DURATION_HINT });
  });
});

// Locales whose grouping is by threes (not en-IN's lakhs) and whose digits are ASCII.
const LOCALES = ["en-US", "en-GB", "en-IE", "de-DE", "de-AT", "de-CH", "fr-FR", "fr-CH", "es-ES", "it-IT", "nl-NL", "pt-BR", "pt-PT", "sv-SE", "fi-FI", "pl-PL", "cs-CZ", "da-DK", "nb-NO", "ja-JP"];

describe("formatting then parsing gives the same number back (property-based)", () => {
  const locale = fc.constantFrom(...LOCALES);
  const cents = fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 100_000_000_000 }));

  it("an amount written with two decimals in any locale, with or without its currency", () => {
    fc.assert(
      fc.property(locale, cents, fc.constantFrom("EUR", "USD", "CHF", "GBP"), fc.boolean(), (tag, minorUnits, currency, withCurrency) => {
        const style = withCurrency ? ({ style: "currency", currency } as const) : {};
        const text = new Intl.NumberFormat(tag, { ...style, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
        expect(parseMoney(text, currency), `${tag}: ${JSON.stringify(text)}`).toEqual({ ok: true, minorUnits });
      }),
      { numRuns: 1000 },
    );
  });

  it("an amount the edit fields show (moneyInputValue) in a currency of 0, 2 or 3 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), fc.constantFrom("EUR", "JPY", "KWD", "USD", "BHD"), (minorUnits, currency) => {
        expect(parseMoney(moneyInputValue(minorUnits, currency), currency)).toEqual({ ok: true, minorUnits });
      }),
      { numRuns: 1000 },
    );
  });

  it("decimal hours written in any locale, and every duration format", () => {
    fc.assert(
      fc.property(locale, fc.integer({ min: 0, max: 1200 }), (tag, hundredths) => {
        const text = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 100);
        expect(parseDuration(text), `${tag}: ${JSON.stringify(text)}`).toEqual({ ok: true, seconds: hundredths * 36 });
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 43_200 }), (seconds) => {
        expect(parseDuration(formatDurationAs(seconds, "hms"))).toEqual({ ok: true, seconds });
        expect(parseDuration(formatDurationAs(seconds, "hm"))).toEqual({ ok: true, seconds: seconds - (seconds % 60) });
      }),
    );
  });

  it("a comma before two decimals is always the decimal mark: `n,dd` is n units and dd hundredths", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), (units, hundredths) => {
        const text = `${units},${String(hundredths).padStart(2, "0")}`;
        expect(parseMoney(text, "EUR")).toEqual({ ok: true, minorUnits: units * 100 + hundredths });
      }),
    );
  });

  it("one to three digits, one mark, three digits: always refused with the two readings", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom(".", ","), (before, after, mark) => {
        const digits = String(after).padStart(3, "0");
        const parsed = parseDecimal(`${before}${mark}${digits}`);
        expect(parsed).toMatchObject({ ok: false, problem: "ambiguous", readings: [plainText(false, String(before), digits.replace(/0+$/, "")), `${before}${digits}`] });
      }),
    );
  });
});
