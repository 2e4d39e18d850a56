// A time report as PDF: the title, the totals, a bar chart of the top groups and the table of groups,
// drawn with pdfkit (pure JavaScript, its standard fonts built in; no native dependency).
import PDFDocument from "pdfkit";
import type { ReportAmount, TimeReport } from "@/server/contract/time-report";

const CHART_BARS = 12;

const hours = (seconds: number) => `${(seconds / 3600).toFixed(2)} h`;
const money = (amounts: ReportAmount[]) => amounts.map((amount) => `${(amount.amountCents / 100).toFixed(2)} ${amount.currency}`).join(", ");

export function renderReportPdf(report: TimeReport, title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 48, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.fontSize(18).text(title);
  doc.moveDown(0.3).fontSize(10).fillColor("#555").text(`${report.from.slice(0, 10)} to ${report.to.slice(0, 10)} (${report.timeZone}), by ${report.groupBy.join(" and ")}`);
  doc.moveDown(0.5).fillColor("#000").fontSize(12).text(`Total ${hours(report.totals.seconds)}, billable ${hours(report.totals.billableSeconds)}`);
  if (report.totals.amounts.length) doc.text(`Amount ${money(report.totals.amounts)} (before tax)`);

  // The chart: one horizontal bar per group, scaled to the largest.
  const bars = report.groups.slice(0, CHART_BARS);
  const largest = Math.max(1, ...bars.map((group) => group.seconds));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  let y = doc.y + 16;
  doc.fontSize(9);
  for (const group of bars) {
    doc.fillColor("#000").text(group.label, left, y, { width: 140, ellipsis: true, lineBreak: false });
    const barWidth = ((width - 210) * group.seconds) / largest;
    doc.rect(left + 150, y, Math.max(1, barWidth), 10).fill("#4f6bed");
    doc.fillColor("#000").text(hours(group.seconds), left + 156 + barWidth, y, { lineBreak: false });
    y += 16;
  }

  doc.y = y + 12;
  doc.x = left;
  doc.fontSize(10);
  for (const group of report.groups) {
    doc.fillColor("#000").text(`${group.label}: ${hours(group.seconds)} (billable ${hours(group.billableSeconds)})${group.amounts.length ? `, ${money(group.amounts)}` : ""}`);
    for (const child of group.groups ?? []) doc.fillColor("#444").text(`    ${child.label}: ${hours(child.seconds)}${child.amounts.length ? `, ${money(child.amounts)}` : ""}`);
  }
  doc.end();
  return done;
}
