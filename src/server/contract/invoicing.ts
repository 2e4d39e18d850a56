// Invoicing details shared by the organization (the sender, Settings → Invoicing) and the customer (the
// recipient): postal address, VAT ID and payment terms, each checked the same way wherever it is typed.
import { z } from "zod";
import { MAX_ADDRESS_LENGTH, MAX_INVOICE_NOTES_LENGTH, MAX_NAME_LENGTH, MAX_PAYMENT_TERMS_DAYS, MAX_VAT_ID_LENGTH } from "@/lib/limits";
import { optionalText, uncoerced } from "@/server/lib/zod";

/**
 * A VAT ID as tax offices print them: a country prefix, then letters, digits, spaces, dots or dashes
 * with at least three digits (DE123456789, ATU12345678, GBGD001, CHE-123.456.789 MWST). Whether it is
 * registered is the tax office's to say (VIES), not checked here.
 */
const isVatId = (value: string) => /^[A-Za-z]{2}[A-Za-z0-9 .-]{3,}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;

export const legalNameInput = optionalText(MAX_NAME_LENGTH);
export const addressInput = optionalText(MAX_ADDRESS_LENGTH);
export const vatIdInput = optionalText(MAX_VAT_ID_LENGTH, { test: isVatId, message: "must be a VAT ID starting with its country code, such as DE123456789" });
export const invoiceNotesInput = optionalText(MAX_INVOICE_NOTES_LENGTH);

const termsMessage = `must be a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`;
export const paymentTermsDaysInput = uncoerced(z.number(termsMessage).int(termsMessage).min(0, termsMessage).max(MAX_PAYMENT_TERMS_DAYS, termsMessage));

/** A sender or recipient as an invoice prints it. */
export const invoicePartySchema = z.object({ name: z.string(), address: z.string().nullable(), vatId: z.string().nullable() });
export type InvoicePartyView = z.output<typeof invoicePartySchema>;
