"use client";
// Settings → Invoicing (admins): the sender on every invoice (legal name, address, VAT ID), the payment
// terms and the notes new invoices start with; and Settings → Customers and projects: whether members,
// not only admins, add, change and archive them. Both through organization.updateSettings.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CheckboxField, Form, QueryState, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useIsAdmin } from "@/components/ui/use-account";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { parseCount } from "@/lib/numbers";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { MAX_ADDRESS_LENGTH, MAX_INVOICE_NOTES_LENGTH, MAX_NAME_LENGTH, MAX_PAYMENT_TERMS_DAYS, MAX_VAT_ID_LENGTH } from "@/lib/limits";

type Settings = RouterOutputs["organization"]["settings"];
const INVOICING_FIELDS = ["legalName", "address", "vatId", "paymentTermsDays", "invoiceNotes"] as const;

function SavedStatus({ isSaved, text }: { isSaved: boolean; text: string }) {
  return (
    <span role="status" className="text-sm text-muted-foreground">
      {isSaved ? text : ""}
    </span>
  );
}

function InvoicingForm({ settings }: { settings: Settings }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("organization", "invoices");
  const errors = useServerErrors(INVOICING_FIELDS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [isSaved, setIsSaved] = useState(false);
  const update = useMutation(trpc.organization.updateSettings.mutationOptions({ onSuccess: invalidate }));

  async function submit(form: FormData) {
    const text = (name: (typeof INVOICING_FIELDS)[number]) => String(form.get(name) ?? "");
    setIsSaved(false);
    const days = parseCount(text("paymentTermsDays"), MAX_PAYMENT_TERMS_DAYS, "14 or 30 days");
    setProblems(days.ok ? {} : { paymentTermsDays: days.error });
    if (!days.ok) return false;
    await update.mutateAsync({
      legalName: text("legalName"),
      address: text("address"),
      vatId: text("vatId"),
      paymentTermsDays: days.value,
      invoiceNotes: text("invoiceNotes"),
    });
    setIsSaved(true);
  }
  const errorOf = (field: (typeof INVOICING_FIELDS)[number]) => problems[field] ?? errors.fieldError(field);

  return (
    <Form errors={errors} submitLabel="Save invoicing details" actionsAlign="start" onSubmit={submit} status={<SavedStatus isSaved={isSaved} text="Invoicing details saved." />}>
      <div className={FORM_GRID}>
        <TextField label="Legal name" name="legalName" defaultValue={settings.legalName ?? ""} placeholder={settings.name} hint={`Empty: ${settings.name}.`} maxLength={MAX_NAME_LENGTH} error={errorOf("legalName")} />
        <TextField label="VAT ID" name="vatId" defaultValue={settings.vatId ?? ""} hint="With its country code, e.g. DE123456789" maxLength={MAX_VAT_ID_LENGTH} autoComplete="off" error={errorOf("vatId")} />
      </div>
      <div className={FORM_GRID}>
        <TextAreaField label="Address" name="address" defaultValue={settings.address ?? ""} hint="As it goes on the invoice, one line per row." maxLength={MAX_ADDRESS_LENGTH} rows={4} error={errorOf("address")} />
        <TextField label="Payment terms (days)" name="paymentTermsDays" inputMode="numeric" defaultValue={String(settings.paymentTermsDays)} hint="From the issue date to the due date; a customer can have its own." error={errorOf("paymentTermsDays")} />
      </div>
      <TextAreaField
        label="Invoice notes"
        name="invoiceNotes"
        defaultValue={settings.invoiceNotes ?? ""}
        hint="Printed on each new invoice: bank details, a reverse-charge note. Each invoice keeps its own copy."
        maxLength={MAX_INVOICE_NOTES_LENGTH}
        rows={3}
        error={errorOf("invoiceNotes")}
      />
    </Form>
  );
}

/** Settings → Invoicing: admins only (members are not shown the panel; the server refuses them anyway). */
export function InvoicingPanel() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.organization.settings.queryOptions());
  return (
    <section id="invoicing" className={cn(CARD, "grid gap-4")} aria-labelledby="invoicing-heading">
      <h2 id="invoicing-heading">Invoicing</h2>
      <p className="m-0 text-muted-foreground text-sm">Who your invoices come from. An issued invoice keeps the details it was issued with.</p>
      <QueryState query={settings} loadingLabel="Loading invoicing details…">
        {(data) => <InvoicingForm settings={data} />}
      </QueryState>
    </section>
  );
}

function CustomerManagersForm({ membersManageCustomers }: { membersManageCustomers: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("organization");
  const errors = useServerErrors(["membersManageCustomers"]);
  const [isSaved, setIsSaved] = useState(false);
  const update = useMutation(trpc.organization.updateSettings.mutationOptions({ onSuccess: invalidate }));
  async function submit(form: FormData) {
    setIsSaved(false);
    await update.mutateAsync({ membersManageCustomers: form.get("membersManageCustomers") === "on" });
    setIsSaved(true);
  }
  return (
    <Form errors={errors} submitLabel="Save" submitVariant="secondary" actionsAlign="start" onSubmit={submit} status={<SavedStatus isSaved={isSaved} text="Saved." />}>
      <CheckboxField
        label="Members can add, change and archive customers and projects"
        name="membersManageCustomers"
        defaultChecked={membersManageCustomers}
        hint="Off: only admins can. Billing rates and invoicing details stay with admins either way."
        error={errors.fieldError("membersManageCustomers")}
      />
    </Form>
  );
}

/** Settings → Customers and projects: admins choose; members read who may. */
export function CustomerManagersPanel() {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const permissions = useQuery(trpc.organization.customerPermissions.queryOptions());
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="customer-managers-heading">
      <h2 id="customer-managers-heading">Customers and projects</h2>
      <QueryState query={permissions} loadingLabel="Loading…">
        {(data) =>
          isAdmin ? (
            <CustomerManagersForm membersManageCustomers={data.membersManageCustomers} />
          ) : (
            <p className="m-0 text-sm">
              {data.canManageCustomers ? "Every member can add, change and archive customers and projects." : "Only admins add, change and archive customers and projects."}
            </p>
          )
        }
      </QueryState>
    </section>
  );
}
