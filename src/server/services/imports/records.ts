// The CSV of an import as a stream of records, and the count of rows an import holds in memory. A file
// is read as many times as needed (finding its date format, checking it, writing it), each time from
// its first byte and row by row: what stays in memory is the batch in hand, never the file's rows.
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { AppError, validationError } from "@/server/errors";
import { MAX_IMPORT_ROWS, type ImportFile } from "@/server/contract/import";

export interface CsvRecord {
  cells: Record<string, string>;
  /** The record's last line in the file (the header is line 1). */
  line: number;
}

export interface CsvReading {
  /** The header's column names, trimmed and lowercased (known once the first record is read). */
  header(): ReadonlySet<string>;
  records: AsyncIterable<CsvRecord>;
}

/**
 * Reads the file from its start. Stopping early (a `break`) closes the file. Past MAX_IMPORT_ROWS
 * records, a 400 on `file`; a file that is not CSV, a 400 naming why.
 */
export function readCsv(file: string | ImportFile): CsvReading {
  let header = new Set<string>();
  return {
    header: () => header,
    records: (async function* () {
      const stream = typeof file === "string" ? Readable.from([file]) : file.open();
      const parser = parse({
        bom: true,
        columns: (names: string[]) => {
          header = new Set(names.map((name) => name.trim().toLowerCase()));
          return names.map((name) => name.trim().toLowerCase());
        },
        skip_empty_lines: true,
        relax_column_count: true,
        info: true,
      });
      stream.on("error", (error) => parser.destroy(error));
      stream.pipe(parser);
      let count = 0;
      try {
        for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
          count += 1;
          if (count > MAX_IMPORT_ROWS) throw validationError("file", `must have at most ${MAX_IMPORT_ROWS} rows`);
          yield { cells: record, line: info.lines };
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw validationError("file", `is not a readable CSV: ${(error as Error).message}`);
      } finally {
        stream.destroy();
        parser.destroy();
      }
    })(),
  };
}

// On globalThis: the server's bundles may load this module more than once, and the count is the process's.
const globalForRows = globalThis as unknown as { orbitImportRows?: { now: number; peak: number } };
const rowsHeld = (globalForRows.orbitImportRows ??= { now: 0, peak: 0 });

/**
 * Rows read from import files and not yet let go, across the process's imports: `now`, and the most
 * there ever were at once since `resetPeak`. Every row an import keeps is counted in (`holdRows`) and
 * out (`releaseRows`), so a test can check that a 50,000-row file is never held whole.
 */
export const importRowsInMemory = () => ({ ...rowsHeld });

export function resetImportRowsPeak(): void {
  rowsHeld.peak = rowsHeld.now;
}

export function holdRows(count: number): void {
  rowsHeld.now += count;
  rowsHeld.peak = Math.max(rowsHeld.peak, rowsHeld.now);
}

export function releaseRows(count: number): void {
  rowsHeld.now -= count;
}
