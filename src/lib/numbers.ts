// The one reader of numbers people type (app-api section 17): amounts (src/lib/money.ts), percentages
// and decimal hours (src/lib/duration.ts) all come through `parseDecimal`, so a session never reads a
// comma two ways. Framework-free; the exact digits are kept as text, so nothing is lost to floats.
//
//   120 · 120.5 · 120,50                 a single "." or "," is the decimal mark …
//   1,200.50 · 1.200,50                  … unless both appear: the last one is the decimal mark
//   1 200,50 · 1'200.50                  spaces (also no-break and narrow no-break) and apostrophes group
//   1,200 · 1.200                        refused: 1.2 or 1200? (a field without decimals reads 1200)
//   1.2.3 · 1,23,456 · 1.200 300,50      refused: marks used in more than one way
// A thousands mark must separate groups of exactly three digits. A currency sign (€, $, …) or the
// field's currency code before or after the number is ignored.

export interface NumberRules {
  /** Decimals the field keeps (2 for EUR, 0 for JPY): more non-zero decimals are refused; omitted, any. */
  maxFractionDigits?: number;
  allowNegative?: boolean;
  /** The field's ISO 4217 code, accepted (and ignored) before or after the number. */
  currency?: string;
}

/** Why a text is not one number; `message` is written for the person typing. */
export type NumberProblem = "empty" | "invalid" | "ambiguous" | "separators" | "decimals" | "negative" | "too_large";

export type ParsedNumber =
  /** `whole` has no leading zeros ("0" at least), `fraction` no trailing zeros. */
  | { ok: true; negative: boolean; whole: string; fraction: string }
  | { ok: false; problem: NumberProblem; message: string; readings?: [string, string] };

/** More integer digits than any amount or duration a person means (and than a double holds exactly). */
const MAX_WHOLE_DIGITS = 13;

const SEPARATORS_MESSAGE = "Use one decimal mark, and thousands marks only between groups of three digits: 1200.50, 1,200.50, 1.200,50 or 1 200,50.";
const INVALID_MESSAGE = "Enter a number such as 120 or 120,50.";

const fail = (problem: NumberProblem, message: string, readings?: [string, string]): ParsedNumber => ({ ok: false, problem, message, ...(readings ? { readings } : {}) });

/** "007" → "7", "" → "0". */
const trimWhole = (digits: string) => digits.replace(/^0+(?=\d)/, "") || "0";
const trimFraction = (digits: string) => digits.replace(/0+$/, "");

/** The text of a number, "." as the decimal mark: `1.2`, `1200`, `-0.5`. */
export function plainText(negative: boolean, whole: string, fraction: string): string {
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Takes a currency sign or the field's code off either end; the sign may stand before or after it. */
function stripCurrency(text: string, currency: string | undefined): { body: string; negative: boolean } {
  let body = text;
  let negative = false;
  const takeSign = () => {
    const match = /^[-−]\s*/.exec(body);
    if (match && !negative) {
      negative = true;
      body = body.slice(match[0].length);
    }
  };
  // A sign with up to three letters beside it ("€", "US$", "$US", "R$"), or the field's own code.
  const sign = String.raw`\p{L}{0,3}\p{Sc}\p{L}{0,3}`;
  const code = currency?.replace(/[^A-Za-z]/g, "");
  const marker = code ? `(?:${sign}|${code})` : sign;
  takeSign();
  body = body.replace(new RegExp(String.raw`^${marker}\s*`, "iu"), "");
  takeSign();
  body = body.replace(new RegExp(String.raw`\s*${marker}$`, "iu"), "");
  return { body, negative };
}

/** Whether `text` is digits in groups of three after a first group of one to three (no leading zero). */
function isGrouped(parts: string[]): boolean {
  const [first, ...rest] = parts;
  return first !== undefined && /^[1-9]\d{0,2}$/.test(first) && rest.length > 0 && rest.every((part) => /^\d{3}$/.test(part));
}

/** The integer part's digits, reading `groupMark` (if any) as a thousands mark; null when misused. */
function wholeDigits(text: string, groupMark: string | null): string | null {
  if (/^\d+$/.test(text)) return text;
  if (!groupMark) return null;
  const parts = text.split(groupMark);
  return isGrouped(parts) ? parts.join("") : null;
}

/** Reads one typed number. Blank is `empty`; see the module comment for what is read and what is refused. */
export function parseDecimal(text: string, rules: NumberRules = {}): ParsedNumber {
  const trimmed = text.trim();
  if (!trimmed) return fail("empty", INVALID_MESSAGE);
  const { body: raw, negative } = stripCurrency(trimmed, rules.currency);
  // Any run of white space (no-break, narrow no-break and thin spaces included) is one grouping space.
  const body = raw.replace(/\s+/g, " ").replace(/[’']/g, "'");
  if (!/^[\d., ']+$/.test(body) || !/\d/.test(body)) return fail("invalid", INVALID_MESSAGE);

  const spaceMarks = [" ", "'"].filter((mark) => body.includes(mark));
  if (spaceMarks.length > 1) return fail("separators", SEPARATORS_MESSAGE);
  const spaceMark = spaceMarks[0] ?? null;
  const dots = body.split(".").length - 1;
  const commas = body.split(",").length - 1;

  let decimalMark: "." | "," | null = null;
  let groupMark: string | null = spaceMark;
  if (dots && commas) {
    // Both: the last one is the decimal mark, used once; the other groups. A space as well is a third mark.
    decimalMark = body.lastIndexOf(".") > body.lastIndexOf(",") ? "." : ",";
    if ((decimalMark === "." ? dots : commas) > 1 || spaceMark) return fail("separators", SEPARATORS_MESSAGE);
    groupMark = decimalMark === "." ? "," : ".";
  } else if (dots || commas) {
    const mark = dots ? "." : ",";
    const count = dots || commas;
    if (count > 1) {
      // Used more than once, it can only group; beside spaces it would be a second way of grouping.
      if (spaceMark) return fail("separators", SEPARATORS_MESSAGE);
      groupMark = mark;
    } else if (spaceMark) {
      decimalMark = mark;
    } else {
      const [before = "", after = ""] = body.split(mark);
      const couldGroup = /^\d{3}$/.test(after) && /^[1-9]\d{0,2}$/.test(before);
      if (couldGroup && rules.maxFractionDigits === 0) {
        groupMark = mark;
      } else if (couldGroup) {
        const decimal = plainText(negative, trimWhole(before), trimFraction(after));
        const whole = plainText(negative, before + after, "");
        const fits = rules.maxFractionDigits === undefined || trimFraction(after).length <= rules.maxFractionDigits;
        // A decimal reading the field cannot keep is offered rounded, as the field would hold it.
        const advice = fits
          ? `Write ${unambiguousDecimal(negative, trimWhole(before), trimFraction(after))} or ${whole}.`
          : `This field keeps at most ${rules.maxFractionDigits} decimal${rules.maxFractionDigits === 1 ? "" : "s"}: write ${roundedDecimal(negative, before, after, rules.maxFractionDigits!)} or ${whole}.`;
        return fail("ambiguous", `Is it ${decimal} or ${whole}? ${advice}`, [decimal, whole]);
      } else {
        decimalMark = mark;
      }
    }
  }

  const [integerText = "", fractionText = "", ...extra] = decimalMark ? body.split(decimalMark) : [body];
  if (extra.length || !/^\d*$/.test(fractionText) || (decimalMark && !fractionText)) return fail("separators", SEPARATORS_MESSAGE);
  const integer = integerText === "" && decimalMark ? "0" : wholeDigits(integerText, groupMark);
  if (integer === null) return fail("separators", SEPARATORS_MESSAGE);

  const whole = trimWhole(integer);
  const fraction = trimFraction(fractionText);
  const isZero = whole === "0" && fraction === "";
  if (whole.length > MAX_WHOLE_DIGITS) return fail("too_large", "This number is too large.");
  if (negative && !isZero && !rules.allowNegative) return fail("negative", "Enter zero or more.");
  const max = rules.maxFractionDigits;
  if (max !== undefined && fraction.length > max) return fail("decimals", max === 0 ? "Enter a whole number, without decimals." : `Use at most ${max} decimal${max === 1 ? "" : "s"}.`);
  return { ok: true, negative: negative && !isZero, whole, fraction };
}

/** `whole.fraction` rounded half up to `digits` decimals (digits < fraction.length), written with all of them. */
function roundedDecimal(negative: boolean, whole: string, fraction: string, digits: number): string {
  const scale = 10n ** BigInt(fraction.length - digits);
  const rounded = (BigInt(whole + fraction) + scale / 2n) / scale;
  const text = rounded.toString().padStart(digits + 1, "0");
  return plainText(negative, trimWhole(text.slice(0, text.length - digits)), text.slice(text.length - digits));
}

/** A decimal written so that nobody could take it for thousands: `1.20`, `1.00`, `1.2340`. */
export function unambiguousDecimal(negative: boolean, whole: string, fraction: string): string {
  const padded = fraction.padEnd(2, "0");
  return plainText(negative, whole, padded.length === 3 ? `${padded}0` : padded);
}

/** The number times 10^digits as an integer (minor units of a currency, basis points); needs fraction.length ≤ digits. */
export function scaledInteger(parsed: Extract<ParsedNumber, { ok: true }>, digits: number): number {
  if (parsed.fraction.length > digits) throw new RangeError(`${parsed.fraction.length} decimals do not fit ${digits}`);
  const magnitude = Number(parsed.whole + parsed.fraction.padEnd(digits, "0"));
  return parsed.negative ? -magnitude : magnitude;
}

/** The number as a double (hours, for durations). */
export function numberValue(parsed: Extract<ParsedNumber, { ok: true }>): number {
  return Number(plainText(parsed.negative, parsed.whole, parsed.fraction));
}

export type ParsedCount = { ok: true; value: number } | { ok: false; error: string };

/** A whole count typed in a field (payment terms in days), from 0 to `max`; `example` names what to type ("14 or 30 days"). */
export function parseCount(text: string, max: number, example: string): ParsedCount {
  const parsed = parseDecimal(text, { maxFractionDigits: 0 });
  if (!parsed.ok) return { ok: false, error: parsed.problem === "invalid" || parsed.problem === "empty" ? `Enter a whole number such as ${example}.` : parsed.message };
  const value = scaledInteger(parsed, 0);
  return value > max ? { ok: false, error: `Enter at most ${max}.` } : { ok: true, value };
}
