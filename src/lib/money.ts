// Amounts are integer minor units of an ISO 4217 currency; the browser's locale decides the display.

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

/**
 * A typed amount ("120", "120.5", "1,200.50") to minor units; null when blank, NaN when it is not an
 * amount with at most the currency's digits. Separators: "." decimal, "," or spaces for thousands.
 */
export function parseMoney(text: string, currency: string): number | null {
  const compact = text.trim().replace(/[\s,]/g, "");
  if (compact === "") return null;
  const digits = currencyDigits(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(compact)) return Number.NaN;
  const [whole, fraction = ""] = compact.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || 0);
}

/** Minor units back to the plain text `parseMoney` reads ("120.50"), for editing. */
export function moneyInputValue(minorUnits: number | null, currency: string): string {
  if (minorUnits === null) return "";
  const digits = currencyDigits(currency);
  return digits ? (minorUnits / 10 ** digits).toFixed(digits) : String(minorUnits);
}

/** Basis points as a percentage text: 1950 → "19.5". */
export const bpsToPercentText = (bps: number) => String(bps / 100);

/** "19.5" → 1950; NaN when not a percentage with at most two decimals. */
export function percentTextToBps(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}
