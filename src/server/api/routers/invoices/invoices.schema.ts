import { z } from "zod";
import { timestampSchema } from "@/server/api/v1-schemas";
import { isoInstant } from "@/server/lib/zod";

export const createInvoiceInput = z
  .object({
    customerId: z.string().min(1).max(100),
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
