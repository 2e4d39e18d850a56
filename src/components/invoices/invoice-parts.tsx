"use client";
// Pieces the invoice pages share: the status badge, the period, the lines table (each line dated) and
// the totals (the tax line names its rate).
import { Badge } from "@/components/ui/badge";
import { LocalTime, NumberCell, Table } from "@/components/ui";
import { formatHours } from "@/lib/time-format";
import { formatMoney, formatPercent } from "@/lib/money";

export const STATUS_LABELS = { draft: "Draft", issued: "Issued", paid: "Paid", void: "Void" } as const;

const STATUS_TONES = { draft: "neutral", issued: "accent", paid: "success", void: "danger" } as const;

export function InvoiceStatusBadge({ status }: { status: keyof typeof STATUS_LABELS }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function InvoicePeriod({ start, end }: { start: string; end: string }) {
  return (
    <>
      <LocalTime value={start} format="date" /> – <LocalTime value={end} format="date" />
    </>
  );
}

interface Line {
  timeLogId: string | null;
  description: string;
  /** The billed log's start; null for a fixed fee, which is dated by the period. */
  startedAt: string | null;
  seconds: number;
  billedSeconds: number;
  amountCents: number;
}

export function InvoiceLines({ lines, currency, caption, period }: { lines: Line[]; currency: string; caption: string; period: { start: string; end: string } }) {
  return (
    <Table caption={caption} columns={["Date", "Description", { numeric: "Hours" }, { numeric: "Billed hours" }, { numeric: "Amount" }]}>
      <tbody>
        {lines.map((line, index) => (
          <tr key={line.timeLogId ?? `fee-${index}`}>
            <td className="whitespace-nowrap" data-label="Date">
              {line.startedAt ? <LocalTime value={line.startedAt} format="date" /> : <InvoicePeriod start={period.start} end={period.end} />}
            </td>
            <td data-label="Description">{line.description}</td>
            <NumberCell label="Hours">{formatHours(line.seconds)}</NumberCell>
            <NumberCell label="Billed">{formatHours(line.billedSeconds)}</NumberCell>
            <NumberCell label="Amount">{formatMoney(line.amountCents, currency)}</NumberCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function InvoiceTotals({
  subtotalCents,
  taxRateBps,
  taxCents,
  totalCents,
  currency,
}: {
  subtotalCents: number;
  /** Null on invoices from before the rate was kept. */
  taxRateBps: number | null;
  taxCents: number;
  totalCents: number;
  currency: string;
}) {
  return (
    <dl className="ml-auto max-w-80 [&>div]:flex [&>div]:justify-between [&>div]:gap-4 [&>div]:py-1" aria-label="Totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="invoice-subtotal">{formatMoney(subtotalCents, currency)}</dd>
      </div>
      <div>
        <dt data-testid="invoice-tax-label">{taxRateBps === null ? "Tax" : `Tax (${formatPercent(taxRateBps)})`}</dt>
        <dd data-testid="invoice-tax">{formatMoney(taxCents, currency)}</dd>
      </div>
      <div className="border-t-2 border-border font-bold text-[1.1rem]">
        <dt>Total</dt>
        <dd data-testid="invoice-total">{formatMoney(totalCents, currency)}</dd>
      </div>
    </dl>
  );
}
