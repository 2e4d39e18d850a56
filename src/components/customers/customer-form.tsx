"use client";
// The customer form for create and edit: the customer's details for whoever may manage customers; the
// private contact (given on create by anyone, then seen and changed by admins only); the billing and
// invoicing settings (app-api sections 4 and 17) for admins. Every number is read by the one number
// parser (src/lib/numbers.ts): amounts typed in the currency and sent in minor units, the tax rate as
// a percentage, the payment terms in whole days.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FORM_GRID } from "@/components/ui/styles";
import { Form, SelectField, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { bpsToPercentText, moneyInputValue, parseMoney, parsePercent } from "@/lib/money";
import { parseCount } from "@/lib/numbers";
import { useTRPC } from "@/trpc/react";
import type { Customer, CustomerInput } from "@/trpc/types";
import { CURRENCY_CODE_LENGTH, MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH, MAX_PAYMENT_TERMS_DAYS, MAX_VAT_ID_LENGTH } from "@/lib/limits";

const FIELD_NAMES = [
  "name",
  "company",
  "contactName",
  "email",
  "phone",
  "notes",
  "color",
  "logoUrl",
  "billingType",
  "hourlyRateCents",
  "fixedRateCents",
  "currency",
  "taxRateBps",
  "roundingIncrementMinutes",
  "roundingMode",
  "paymentLinkUrl",
  "billingAddress",
  "vatId",
  "paymentTermsDays",
] as const;

type Draft = Record<(typeof FIELD_NAMES)[number], string>;

function draftOf(customer: Customer | undefined): Draft {
  const currency = customer?.currency ?? "USD";
  return {
    name: customer?.name ?? "",
    company: customer?.company ?? "",
    contactName: customer?.contactName ?? "",
    email: customer?.contactEmail ?? "",
    phone: customer?.contactPhone ?? "",
    notes: customer?.notes ?? "",
    color: customer?.color ?? "",
    logoUrl: customer?.logoUrl ?? "",
    billingType: customer?.billingType ?? "hourly",
    hourlyRateCents: moneyInputValue(customer?.hourlyRateCents ?? null, currency),
    fixedRateCents: moneyInputValue(customer?.fixedRateCents ?? null, currency),
    currency,
    taxRateBps: bpsToPercentText(customer?.taxRateBps ?? 0),
    roundingIncrementMinutes: String(customer?.roundingIncrementMinutes ?? 0),
    roundingMode: customer?.roundingMode ?? "nearest",
    paymentLinkUrl: customer?.paymentLinkUrl ?? "",
    billingAddress: customer?.billingAddress ?? "",
    vatId: customer?.vatId ?? "",
    paymentTermsDays: customer?.paymentTermsDays == null ? "" : String(customer.paymentTermsDays),
  };
}

/** The typed billing and invoicing values as the server takes them, or what is wrong with each field. */
function billingOf(draft: Draft): { values: Partial<CustomerInput>; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const currency = draft.currency.trim().toUpperCase();
  const money = (field: "hourlyRateCents" | "fixedRateCents") => {
    const parsed = parseMoney(draft[field], /^[A-Z]{3}$/.test(currency) ? currency : "USD");
    if (!parsed.ok) problems[field] = parsed.error;
    return parsed.ok ? parsed.minorUnits : null;
  };
  const tax = parsePercent(draft.taxRateBps || "0");
  if (!tax.ok) problems.taxRateBps = tax.error;
  const increment = Number(draft.roundingIncrementMinutes || "0");
  if (!Number.isInteger(increment)) problems.roundingIncrementMinutes = "Enter a whole number of minutes.";
  const terms = draft.paymentTermsDays.trim() ? parseCount(draft.paymentTermsDays, MAX_PAYMENT_TERMS_DAYS, "14 or 30 days") : ({ ok: true, value: null } as const);
  if (!terms.ok) problems.paymentTermsDays = terms.error;
  const paymentTermsDays = terms.ok ? terms.value : null;
  return {
    values: {
      billingType: draft.billingType as CustomerInput["billingType"],
      hourlyRateCents: money("hourlyRateCents"),
      fixedRateCents: money("fixedRateCents"),
      currency,
      taxRateBps: tax.ok ? tax.bps : 0,
      roundingIncrementMinutes: increment,
      roundingMode: draft.roundingMode as CustomerInput["roundingMode"],
      paymentLinkUrl: draft.paymentLinkUrl.trim() || null,
      billingAddress: draft.billingAddress,
      vatId: draft.vatId,
      paymentTermsDays,
    },
    problems,
  };
}

export interface CustomerFormProps {
  customer?: Customer;
  /** Billing, invoicing and (once stored) the private contact are shown and sent only for admins. */
  isAdmin: boolean;
  submitLabel: string;
  onSubmit: (input: CustomerInput) => Promise<unknown>;
}

export function CustomerForm({ customer, isAdmin, submitLabel, onSubmit }: CustomerFormProps) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Draft>(() => draftOf(customer));
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});
  const errors = useServerErrors(FIELD_NAMES);
  // The organization's payment terms, named where a customer's own are left empty.
  const settings = useQuery({ ...trpc.organization.settings.queryOptions(), enabled: isAdmin });
  const isNew = !customer;
  const showsContact = isNew || isAdmin;
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: keyof Draft) => localProblems[field] ?? errors.fieldError(field);

  async function submit() {
    const billing = isAdmin ? billingOf(draft) : { values: {}, problems: {} };
    setLocalProblems(billing.problems);
    if (Object.keys(billing.problems).length) return false;
    await onSubmit({
      name: draft.name,
      company: draft.company,
      contactName: draft.contactName,
      color: draft.color || null,
      logoUrl: draft.logoUrl,
      ...(showsContact ? { email: draft.email, phone: draft.phone, notes: draft.notes } : {}),
      ...billing.values,
    });
    if (isNew) setDraft(draftOf(undefined));
  }

  return (
    <Form errors={errors} submitLabel={submitLabel} onSubmit={submit}>
      <div className={FORM_GRID}>
        <TextField label="Name" required value={draft.name} onChange={set("name")} error={errorOf("name")} maxLength={MAX_NAME_LENGTH} />
        <TextField label="Company" hint="Its legal name, as invoices address it." value={draft.company} onChange={set("company")} error={errorOf("company")} />
        <TextField label="Contact name" value={draft.contactName} onChange={set("contactName")} error={errorOf("contactName")} />
        <TextField label="Color" hint="#RRGGBB" value={draft.color} onChange={set("color")} error={errorOf("color")} placeholder="#336699" />
        <TextField label="Logo URL" type="url" value={draft.logoUrl} onChange={set("logoUrl")} error={errorOf("logoUrl")} />
      </div>
      {showsContact && (
        <>
          <h3 className="mt-5 mb-2 text-base">Private contact</h3>
          <p className="text-muted-foreground text-sm">Only admins see these again; the API never returns them.</p>
          <div className={FORM_GRID}>
            <TextField label="Email" type="email" value={draft.email} onChange={set("email")} error={errorOf("email")} />
            <TextField label="Phone" type="tel" value={draft.phone} onChange={set("phone")} error={errorOf("phone")} />
          </div>
          <TextAreaField label="Notes" value={draft.notes} onChange={set("notes")} error={errorOf("notes")} />
        </>
      )}
      {isAdmin && (
        <>
          <h3 className="mt-5 mb-2 text-base">Billing</h3>
          <div className={FORM_GRID}>
            <SelectField
              label="Billing type"
              value={draft.billingType}
              onChange={set("billingType")}
              error={errorOf("billingType")}
              options={[
                { value: "hourly", label: "Hourly rate" },
                { value: "fixed", label: "Fixed fee" },
              ]}
            />
            <TextField label="Currency" hint="ISO 4217, e.g. EUR" value={draft.currency} onChange={set("currency")} error={errorOf("currency")} maxLength={CURRENCY_CODE_LENGTH} />
            <TextField label="Hourly rate" hint="e.g. 120 or 120,50" inputMode="decimal" value={draft.hourlyRateCents} onChange={set("hourlyRateCents")} error={errorOf("hourlyRateCents")} />
            <TextField label="Fixed fee" hint="e.g. 2500 or 2.500,00" inputMode="decimal" value={draft.fixedRateCents} onChange={set("fixedRateCents")} error={errorOf("fixedRateCents")} />
            <TextField label="Tax rate (%)" hint="e.g. 19 or 7,5" inputMode="decimal" value={draft.taxRateBps} onChange={set("taxRateBps")} error={errorOf("taxRateBps")} />
            <TextField
              label="Rounding increment (minutes)"
              hint="0 for none"
              type="number"
              min={0}
              max={60}
              value={draft.roundingIncrementMinutes}
              onChange={set("roundingIncrementMinutes")}
              error={errorOf("roundingIncrementMinutes")}
            />
            <SelectField
              label="Rounding mode"
              value={draft.roundingMode}
              onChange={set("roundingMode")}
              error={errorOf("roundingMode")}
              options={[
                { value: "nearest", label: "Nearest" },
                { value: "up", label: "Up" },
                { value: "down", label: "Down" },
              ]}
            />
            <TextField label="Payment link URL" type="url" value={draft.paymentLinkUrl} onChange={set("paymentLinkUrl")} error={errorOf("paymentLinkUrl")} />
          </div>
          <h3 className="mt-5 mb-2 text-base">Invoicing details</h3>
          <div className={FORM_GRID}>
            <TextAreaField label="Billing address" hint="As it goes on the invoice, one line per row." value={draft.billingAddress} onChange={set("billingAddress")} error={errorOf("billingAddress")} maxLength={MAX_ADDRESS_LENGTH} />
            <div className="grid gap-3.5">
              <TextField label="VAT ID" hint="With its country code, e.g. ATU12345678" value={draft.vatId} onChange={set("vatId")} error={errorOf("vatId")} maxLength={MAX_VAT_ID_LENGTH} autoComplete="off" />
              <TextField
                label="Payment terms (days)"
                hint={settings.data ? `Empty: your organization's ${settings.data.paymentTermsDays} days.` : "Empty: your organization's terms."}
                inputMode="numeric"
                value={draft.paymentTermsDays}
                onChange={set("paymentTermsDays")}
                error={errorOf("paymentTermsDays")}
              />
            </div>
          </div>
        </>
      )}
    </Form>
  );
}
