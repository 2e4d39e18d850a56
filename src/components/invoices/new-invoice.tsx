"use client";
// New invoice: pick a customer and a period, see the lines and totals it will bill, adjust its notes
// (the organization's invoice notes to start with), then create it.
import { keepPreviousData, skipToken, useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useAccount, useIsAdmin } from "@/components/ui/use-account";
import { Button, DateField, EmptyState, Form, FormError, LoadingState, mapErrorToFields, PageHeader, SelectField, TextAreaField, useServerErrors } from "@/components/ui";
import { MAX_INVOICE_NOTES_LENGTH } from "@/lib/limits";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE } from "@/trpc/first-page";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { AdminOnly } from "@/components/ui/admin-only";
import { periodOf } from "@/lib/periods";
import { namedPeriodDays } from "@/lib/report-ranges";
import { InvoiceLines, InvoiceTotals } from "./invoice-parts";

const FIELD_NAMES = ["customerId", "periodStart", "periodEnd", "notes"] as const;

export function NewInvoice() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <AdminOnly title="New invoice" what="create invoices" />;
  return <NewInvoiceForm />;
}

function NewInvoiceForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidate("invoices");
  const searchParams = useSearchParams();
  const [customerId, setCustomerId] = useState(searchParams.get("customerId") ?? "");
  // Days in the person's zone; "This month" and "Last month" as Reports names them (the whole month).
  const { timeZone, weekStart } = useAccount().preferences;
  const named = (period: "this_month" | "last_month") => namedPeriodDays(period, new Date(), timeZone, weekStart);
  const [range, setRange] = useState(() => named("this_month"));
  // Null until typed in: the server then gives the organization's notes.
  const [notes, setNotes] = useState<string | null>(null);
  const settings = useQuery(trpc.organization.settings.queryOptions());
  const customers = useQuery(trpc.customers.list.queryOptions({ limit: PAGE_SIZE.all }));
  const period = periodOf(range.from, range.to, timeZone);
  const input = customerId && period ? { customerId, ...period } : null;
  const preview = useQuery({ ...trpc.invoices.preview.queryOptions(input ?? skipToken), placeholderData: keepPreviousData, retry: false });
  const errors = useServerErrors(FIELD_NAMES);
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: async (invoice) => {
        await invalidate();
        router.push(`/invoices/${invoice.id}`);
      },
    }),
  );
  // The preview's refusals (no rate, overlapping fee) belong to the same fields as create's.
  const previewProblems = preview.error ? mapErrorToFields(describeError(preview.error), FIELD_NAMES, { from: "periodStart", to: "periodEnd" }) : null;
  const fieldError = (name: (typeof FIELD_NAMES)[number]) => errors.fieldError(name) ?? previewProblems?.fields[name];

  const submit = () => (input ? create.mutateAsync({ ...input, ...(notes === null ? {} : { notes }) }) : false);

  const customerOptions = [
    { value: "", label: customers.isPending ? "Loading customers…" : "Choose a customer" },
    ...(customers.data?.items ?? []).map((customer) => ({ value: customer.id, label: customer.name })),
  ];

  return (
    <>
      <p className="text-sm">
        <Link href="/invoices">← Invoices</Link>
      </p>
      <PageHeader title="New invoice" description="Bills the customer's billable time in the period that no invoice has billed yet." />
      <Form errors={errors} onSubmit={submit} submitLabel="Create invoice" isSubmitDisabled={!input || Boolean(preview.error)} className={CARD}>
        <div className={FORM_GRID}>
          <SelectField label="Customer" value={customerId} onChange={(event) => setCustomerId(event.target.value)} error={fieldError("customerId")} options={customerOptions} />
          <DateField label="From" value={range.from} onDayChange={(from) => setRange((current) => ({ ...current, from }))} error={fieldError("periodStart")} />
          <DateField label="To" value={range.to} onDayChange={(to) => setRange((current) => ({ ...current, to }))} error={fieldError("periodEnd")} />
        </div>
        <div className="flex gap-2 items-center flex-wrap">
          <Button size="sm" variant="ghost" onClick={() => setRange(named("this_month"))}>
            This month
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRange(named("last_month"))}>
            Last month
          </Button>
        </div>
        <section className="mt-7" aria-labelledby="invoice-preview" aria-busy={preview.isFetching}>
          <h2 id="invoice-preview">Preview</h2>
          {!input ? (
            <EmptyState title="Choose a customer and a period to see what the invoice will bill." />
          ) : preview.isPending ? (
            <LoadingState label="Computing the invoice…" />
          ) : preview.data && !preview.error ? (
            preview.data.lineItems.length === 0 ? (
              <EmptyState title="Nothing to bill in this period.">Every billable log of this customer in the period is already invoiced, or none was logged. You can still create an empty draft.</EmptyState>
            ) : (
              <>
                <InvoiceLines lines={preview.data.lineItems} currency={preview.data.currency} caption="Lines of the new invoice" period={{ start: preview.data.periodStart, end: preview.data.periodEnd }} />
                <InvoiceTotals {...preview.data} />
              </>
            )
          ) : (
            <FormError error={previewProblems?.form ?? null} />
          )}
        </section>
        <TextAreaField
          label="Notes"
          hint="Printed on the invoice below the totals; you can change them until it is issued."
          value={notes ?? settings.data?.invoiceNotes ?? ""}
          onChange={(event) => setNotes(event.target.value)}
          maxLength={MAX_INVOICE_NOTES_LENGTH}
          rows={3}
          error={fieldError("notes")}
        />
      </Form>
    </>
  );
}
