"use client";
// Pieces the invoice pages share: the status badge, the period, the lines table and the totals.
import { Badge } from "@/components/ui/badge";
import { LocalTime, NumberCell, Table } from "@/components/ui";
import { formatHours } from "@/lib/time-format";
import { formatMoney } from "@/lib/money";

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
  seconds: number;
  billedSeconds: number;
  amountCents: number;
}

export function InvoiceLines({ lines, currency, caption }: { lines: Line[]; currency: string; caption: string }) {
  return (
    <Table caption={caption} columns={["Description", { numeric: "Hours" }, { numeric: "Billed hours" }, { numeric: "Amount" }]}>
      <tbody>
        {lines.map((line, index) => (
          <tr key={line.timeLogId ?? `fee-${index}`}>
            <td>{line.description}</td>
            <NumberCell label="Hours">{formatHours(line.seconds)}</NumberCell>
            <NumberCell label="Billed">{formatHours(line.billedSeconds)}</NumberCell>
            <NumberCell label="Amount">{formatMoney(line.amountCents, currency)}</NumberCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function InvoiceTotals({ subtotalCents, taxCents, totalCents, currency }: { subtotalCents: number; taxCents: number; totalCents: number; currency: string }) {
  return (
    <dl className="ml-auto max-w-80 [&>div]:flex [&>div]:justify-between [&>div]:py-1" aria-label="Totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="invoice-subtotal">{formatMoney(subtotalCents, currency)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd data-testid="invoice-tax">{formatMoney(taxCents, currency)}</dd>
      </div>
      <div className="border-t-2 border-border font-bold text-[1.1rem]">
        <dt>Total</dt>
        <dd data-testid="invoice-total">{formatMoney(totalCents, currency)}</dd>
      </div>
    </dl>
  );
}
