// Spreadsheet-safe CSV cells: a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
// is written with a leading quote (OWASP "CSV injection"); reading one back removes it.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  if (!value) return "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value `csvCell` wrote. */
export function readCsvCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
