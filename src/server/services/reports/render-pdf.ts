// A time report as PDF, drawn with pdfkit (pure JavaScript, its standard fonts built in; no native
// dependency): the title, the period in the report's zone, the filters in force, the totals with
// billed time, amounts and tax, a bar chart of the top groups, the table of groups, and the detail
// table of its logs. Times and durations are in the viewer's clock and duration format. Drawing is
// synchronous work on the server's thread, so the tables yield every few milliseconds.
import PDFDocument from "pdfkit";
import type { ReportAmount, ReportGroup, TimeReport } from "@/server/contract/time-report";
import type { ReportLogRow } from "@/server/services/reports/time";
import { formatDurationAs, type DurationFormat } from "@/lib/duration";
import { formatMoneyWithCode } from "@/lib/money";
import { durationUnit, formatTimeIn } from "@/lib/time-format";
import { zonedDate } from "@/lib/time-zone";

/** Logs the detail table lists at most (about 45 pages); the CSV holds every one. */
export const PDF_DETAIL_ROWS = 2_000;
const CHART_BARS = 12;
/** Drawing time between two yields to the event loop: another request waits about this long per turn it needs. */
const SLICE_MS = 2;

export interface PdfOptions {
  title: string;
  timeFormat: "h12" | "h24";
  durationFormat: DurationFormat;
}

interface Column<T> {
  header: string;
  width: number;
  align?: "left" | "right";
  value: (row: T) => string;
}

/** The standard fonts' encoding has no narrow or no-break spaces (Intl puts one before AM and PM). */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0\u2009]/g, " ");

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One currency a line. */
const amountsText = (amounts: ReportAmount[]) => amounts.map((amount) => formatMoneyWithCode(amount.amountCents, amount.currency)).join("\n");
const taxText = (amounts: ReportAmount[]) => amounts.map((amount) => formatMoneyWithCode(amount.taxCents, amount.currency)).join("\n");

export async function renderReportPdf(report: TimeReport, detail: { rows: ReportLogRow[]; hasMore: boolean }, options: PdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: options.title }, bufferPages: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const duration = (seconds: number) => formatDurationAs(seconds, options.durationFormat);
  const unit = durationUnit(options.durationFormat);
  const showAmounts = report.totals.amounts.length > 0;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.fontSize(18).text(options.title);
  doc.moveDown(0.3).fontSize(10).fillColor("#444");
  doc.text(`${report.period.firstDay} to ${report.period.lastDay} (${report.timeZone}), by ${report.groupBy.join(", then ")}`);
  doc.text(`Filters: ${report.filters.length ? report.filters.map((filter) => `${filter.label}: ${filter.value}`).join("; ") : "none"}`);
  doc.text(`Durations in ${unit}; billed time is billable time rounded as each customer's invoices round it.`);
  doc.moveDown(0.5).fillColor("#000").fontSize(12);
  const { totals } = report;
  doc.text(`Total ${duration(totals.seconds)}, billable ${duration(totals.billableSeconds)}, billed ${duration(totals.billedSeconds)}`);
  for (const amount of totals.amounts) {
    doc.text(`Amount ${formatMoneyWithCode(amount.amountCents, amount.currency)} before tax, tax ${formatMoneyWithCode(amount.taxCents, amount.currency)}, total ${formatMoneyWithCode(amount.amountCents + amount.taxCents, amount.currency)}`);
  }

  // The chart: one horizontal bar per group, scaled to the largest.
  const bars = report.groups.slice(0, CHART_BARS);
  const largest = Math.max(1, ...bars.map((group) => group.seconds));
  let y = doc.y + 14;
  doc.fontSize(9);
  for (const group of bars) {
    doc.fillColor("#000").text(group.label, left, y, { width: 140, ellipsis: true, lineBreak: false });
    const barWidth = ((width - 210) * group.seconds) / largest;
    doc.rect(left + 150, y, Math.max(1, barWidth), 10).fill("#4f6bed");
    doc.fillColor("#000").text(duration(group.seconds), left + 156 + barWidth, y, { lineBreak: false });
    y += 16;
  }

  /** Draws a table with its header row, starting a new page (header repeated) when the page is full. */
  async function table<T>(heading: string, columns: Column<T>[], rows: T[], style: (row: T) => { bold?: boolean; indent?: number } = () => ({})) {
    const rowHeight = 12;
    const header = () => {
      doc.font("Helvetica-Bold").fontSize(7.5).fillColor("#444");
      let x = left;
      for (const column of columns) {
        doc.text(column.header, x, y, { width: column.width - 4, height: rowHeight - 2, align: column.align ?? "left", ellipsis: true, lineBreak: false });
        x += column.width;
      }
      y += rowHeight;
      doc.moveTo(left, y - 3).lineTo(left + width, y - 3).lineWidth(0.5).strokeColor("#999").stroke();
    };
    if (y + 40 > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    } else y += 14;
    doc.font("Helvetica-Bold").fontSize(11).fillColor("#000").text(heading, left, y);
    y = doc.y + 4;
    header();
    let sliceStart = performance.now();
    for (const row of rows) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      const { bold, indent = 0 } = style(row);
      // A cell may hold several lines (an amount per currency); each line is cut to its column.
      const cells = columns.map((column) => column.value(row).split("\n"));
      const height = rowHeight * Math.max(...cells.map((lines) => lines.length));
      if (y + height > bottom()) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(7.5).fillColor("#000");
      let x = left;
      for (const [position, column] of columns.entries()) {
        const shift = position === 0 ? indent : 0;
        for (const [line, text] of cells[position]!.entries()) {
          doc.text(text, x + shift, y + line * rowHeight, { width: column.width - 4 - shift, height: rowHeight - 2, align: column.align ?? "left", ellipsis: true, lineBreak: false });
        }
        x += column.width;
      }
      y += height;
    }
    doc.font("Helvetica");
  }

  // The groups (and their subgroups, indented), then the total.
  type GroupRow = { group: ReportGroup; depth: number };
  const groupRows: GroupRow[] = report.groups.flatMap((group) => [{ group, depth: 0 }, ...(group.groups ?? []).map((child) => ({ group: child, depth: 1 }))]);
  groupRows.push({ group: { key: null, label: "Total", ...totals }, depth: -1 });
  const amountColumns: Column<GroupRow>[] = showAmounts
    ? [
        { header: "Amount (before tax)", width: 95, align: "right", value: ({ group }) => amountsText(group.amounts) },
        { header: "Tax", width: 75, align: "right", value: ({ group }) => taxText(group.amounts) },
      ]
    : [];
  const labelWidth = width - 3 * 60 - amountColumns.reduce((sum, column) => sum + column.width, 0);
  await table<GroupRow>(
    `By ${report.groupBy.join(", then ")}`,
    [
      { header: report.groupBy.join(" / "), width: labelWidth, value: ({ group }) => group.label },
      { header: `Hours (${unit})`, width: 60, align: "right", value: ({ group }) => duration(group.seconds) },
      { header: "Billable", width: 60, align: "right", value: ({ group }) => duration(group.billableSeconds) },
      { header: "Billed", width: 60, align: "right", value: ({ group }) => duration(group.billedSeconds) },
      ...amountColumns,
    ],
    groupRows,
    ({ depth }) => ({ bold: depth !== 1, indent: depth === 1 ? 10 : 0 }),
  );

  // The detail: every log (up to PDF_DETAIL_ROWS), oldest first.
  const clock = { timeZone: report.timeZone, timeFormat: options.timeFormat };
  const detailColumns: Column<ReportLogRow>[] = [
    { header: "Date", width: 46, value: (row) => zonedDate(new Date(row.startedAt), report.timeZone) },
    { header: "Start", width: 42, value: (row) => plainSpaces(formatTimeIn(row.startedAt, clock)) },
    { header: "Member", width: 56, value: (row) => row.member },
    { header: "Customer", width: 54, value: (row) => row.customer ?? "" },
    { header: "Project", width: 48, value: (row) => row.project ?? "" },
    { header: "Task / description", width: 0, value: (row) => [row.task, row.description].filter(Boolean).join(" – ") },
    { header: "Hours", width: 32, align: "right", value: (row) => duration(row.durationSeconds) },
    { header: "Billed", width: 32, align: "right", value: (row) => (row.isBillable ? duration(row.billedSeconds) : "–") },
    { header: "Invoice", width: 40, value: (row) => row.invoice ?? "" },
    ...(showAmounts ? [{ header: "Amount", width: 56, align: "right" as const, value: (row: ReportLogRow) => (row.amountCents === null || row.currency === null ? "" : formatMoneyWithCode(row.amountCents, row.currency)) }] : []),
  ];
  const described = detailColumns.find((column) => column.width === 0)!;
  described.width = width - detailColumns.reduce((sum, column) => sum + column.width, 0);
  const count = detail.rows.length;
  await table(detail.hasMore ? `Time logs: the first ${count.toLocaleString("en")} (the CSV has all of them)` : `Time logs (${count.toLocaleString("en")})`, detailColumns, detail.rows);
  if (count === 0) doc.font("Helvetica").fontSize(9).fillColor("#444").text("No time logged in this period with these filters.", left, y + 4);

  doc.end();
  return done;
}
