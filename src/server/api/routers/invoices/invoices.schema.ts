import { z } from "zod";
import { timestampSchema } from "@/server/lib/zod";
import { paginationSchema } from "@/server/lib/envelope";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, isoInstant } from "@/server/lib/zod";

export const createInvoiceInput = z
  .object({
    customerId: idInput,
    periodStart: isoInstant(),
    periodEnd: isoInstant(),
  })
  .superRefine((input, context) => {
    if (input.periodEnd < input.periodStart) context.addIssue({ code: "custom", path: ["periodEnd"], message: "must not be before periodStart" });
  });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  customerId: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  status: z.enum(["draft", "issued", "paid", "void"]),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  lineItems: z.array(
    z.object({
      timeLogId: z.string().nullable(),
      description: z.string(),
      seconds: z.number().int(),
      billedSeconds: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
});

export const invoiceStatusSchema = z.enum(["draft", "issued", "paid", "void"]);

const invoiceLineSchema = invoiceSchema.shape.lineItems.element;

export const listInvoicesInput = z.object({
  status: invoiceStatusSchema.optional(),
  customerId: idInput.optional(),
  ...paginationInput,
});

export const invoiceListItemSchema = invoiceSchema.omit({ lineItems: true }).extend({
  customerName: z.string(),
  createdAt: timestampSchema,
  issuedAt: timestampSchema.nullable(),
  paidAt: timestampSchema.nullable(),
  voidedAt: timestampSchema.nullable(),
});

export const listInvoicesOutput = z.object({ items: z.array(invoiceListItemSchema), pagination: paginationSchema });

export const invoiceDocumentSchema = invoiceListItemSchema.extend({
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  paymentLinkUrl: z.string().nullable(),
  lineItems: z.array(invoiceLineSchema),
});

export const invoicePreviewSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  currency: z.string(),
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  lineItems: z.array(invoiceLineSchema),
});

export const invoiceIdInput = z.object({ id: idInput });

export const changeInvoiceStatusInput = z.object({
  id: idInput,
  status: z.enum(["issued", "paid", "void"], { error: "must be issued, paid or void" }),
});
