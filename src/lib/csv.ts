// CSV as spreadsheets read it (RFC 4180): a header row, CRLF line ends, fields quoted when they hold
// a comma, quote or line break; numbers are written as numbers. The one formula guard of every CSV
// Orbit writes (the browser's, the reports', the export's) and reads back (the importer): a cell a
// spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is written with a
// leading apostrophe (OWASP "CSV injection"); reading it back removes it.

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet shows as text: a formula-looking value gets a leading apostrophe; none is "". */
export function formulaSafe(value: string | null | undefined): string {
  if (!value) return "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value `formulaSafe` wrote. */
export function readFormulaSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One field of a CSV line: formula-safe, quoted when needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = formulaSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** UTF-8 with a byte-order mark, so that spreadsheet apps open accents and symbols correctly. */
export function csvBlob(csv: string): Blob {
  return new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
}
