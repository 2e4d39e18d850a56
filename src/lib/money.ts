// Amounts are integer minor units of an ISO 4217 currency; the browser's locale decides the display.
import { parseDecimal, scaledInteger, unambiguousDecimal } from "./numbers";

/** Minor-unit digits of a currency (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** `12345` EUR → "€123.45" (in the given or the browser's locale). */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minorUnits / 10 ** digits);
}

/** `12345` EUR → "EUR 123.45": the code instead of a symbol, for documents whose fonts lack some symbols (the report PDF). */
export function formatMoneyWithCode(minorUnits: number, currency: string): string {
  const digits = currencyDigits(currency);
  return `${currency} ${new Intl.NumberFormat("en", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minorUnits / 10 ** digits)}`;
}
/** What a money field shows beside it: "€ EUR", "$ USD", or "CHF" where the code is the symbol. */
export function currencySign(currency: string): string {
  const symbol = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
  return symbol === currency ? currency : `${symbol} ${currency}`;
}

/**
 * An amount whose currency may be unknown (a rate applied in whichever customer's currency it bills):
 * with a currency as `formatMoney` shows it, without one as a plain number in the browser's locale.
 */
export function formatAmount(minorUnits: number, currency: string | null): string {
  if (currency) return formatMoney(minorUnits, currency);
  return new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
}

export type ParsedAmount = { ok: true; minorUnits: number | null } | { ok: false; error: string };

/**
 * A typed amount to minor units, through the one number parser (src/lib/numbers.ts): `120`, `120,50`,
 * `1,200.50`, `1.200,50`, `1 200,50`, `€120` all read as people mean them; `1,200` alone is refused
 * with both readings named. Blank is `minorUnits: null`. Never negative; at most the currency's digits.
 */
export function parseMoney(text: string, currency: string): ParsedAmount {
  if (!text.trim()) return { ok: true, minorUnits: null };
  const digits = currencyDigits(currency);
  const parsed = parseDecimal(text, { maxFractionDigits: digits, currency });
  if (!parsed.ok) return { ok: false, error: parsed.problem === "invalid" ? "Enter an amount such as 120 or 120,50." : parsed.message };
  return { ok: true, minorUnits: scaledInteger(parsed, digits) };
}

/** Minor units back to text `parseMoney` reads as the same amount ("120.50", "1500", "1.2340" KWD), for editing. */
export function moneyInputValue(minorUnits: number | null, currency: string): string {
  if (minorUnits === null) return "";
  const digits = currencyDigits(currency);
  if (!digits) return String(minorUnits);
  const magnitude = String(Math.abs(minorUnits)).padStart(digits + 1, "0");
  return unambiguousDecimal(minorUnits < 0, magnitude.slice(0, -digits), magnitude.slice(-digits).replace(/0+$/, ""));
}

/** Basis points as a percentage in the browser's (or the given) locale: 1950 → "19.5%". */
export function formatPercent(bps: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** Basis points as a percentage text: 1950 → "19.5". */
export const bpsToPercentText = (bps: number) => String(bps / 100);

export type ParsedPercent = { ok: true; bps: number } | { ok: false; error: string };

/** A typed percentage between 0 and 100 with at most two decimals ("19", "19,5", "7.25") in basis points. */
export function parsePercent(text: string): ParsedPercent {
  const parsed = parseDecimal(text, { maxFractionDigits: 2 });
  if (!parsed.ok) return { ok: false, error: parsed.problem === "invalid" || parsed.problem === "empty" ? "Enter a percentage such as 19 or 7,5." : parsed.message };
  const bps = scaledInteger(parsed, 2);
  return bps > 10_000 ? { ok: false, error: "Enter a percentage between 0 and 100." } : { ok: true, bps };
}
