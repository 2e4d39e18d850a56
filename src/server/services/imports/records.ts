// The CSV of an import as a stream of records, and the count of rows an import holds in memory. A file
// is read as many times as needed (finding its date format, checking it, writing it), each time from
// its first byte and row by row: what stays in memory is the batch in hand, never the file's rows.
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import { AppError, validationError } from "@/server/errors";
import { MAX_IMPORT_ROWS, type ImportFile } from "@/server/contract/import";
import { processState } from "@/server/process-state";

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
  let header: string[] | null = null;
  let columns = new Set<string>();
  return {
    header: () => columns,
    records: (async function* () {
      // Text in pieces as a file arrives, so the parser hands rows on as it goes instead of all at once.
      const stream = typeof file === "string" ? Readable.from(textPieces(file)) : file.open();
      // Arrays rather than csv-parse's objects: building each record's object here costs a third less.
      const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true });
      stream.on("error", (error) => parser.destroy(error));
      stream.pipe(parser);
      let count = 0;
      try {
        for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          if (!header) {
            header = record.map((name) => name.trim().toLowerCase());
            columns = new Set(header);
            continue;
          }
          count += 1;
          if (count > MAX_IMPORT_ROWS) throw validationError("file", `must have at most ${MAX_IMPORT_ROWS} rows`);
          const cells: Record<string, string> = {};
          for (let index = 0; index < header.length; index += 1) cells[header[index]!] ??= record[index] ?? "";
          yield { cells, line: info.lines };
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

const TEXT_PIECE = 64 * 1024;

function* textPieces(text: string): Generator<string> {
  for (let start = 0; start < text.length; start += TEXT_PIECE) yield text.slice(start, start + TEXT_PIECE);
}

// The process's count (process-state.ts): the server's bundles may load this module more than once.
const rowsHeld = processState("importRowsHeld", () => ({ now: 0, peak: 0 }));

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
