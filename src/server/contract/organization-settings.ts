// The organization's settings (app-api section 17): who manages customers and projects, and the sender's
// invoicing details (Settings → Invoicing). Admins read and change them; every member reads what they
// themselves may do with customers and projects.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { jsonBoolean } from "@/server/lib/zod";
import { addressInput, invoiceNotesInput, legalNameInput, paymentTermsDaysInput, vatIdInput } from "./invoicing";

export const organizationSettingsSchema = z.object({
  membersManageCustomers: z.boolean().meta({ description: "Members, not only admins, create, edit and archive customers and projects" }),
  name: z.string().meta({ description: "The organization's name in the app; invoices print `legalName` when it is set" }),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  vatId: z.string().nullable(),
  paymentTermsDays: z.number().int().meta({ description: "Days from an invoice's issue date to its due date, unless the customer has its own" }),
  invoiceNotes: z.string().nullable().meta({ description: "Printed on each new invoice (payment details, a reverse-charge note)" }),
});

export type OrganizationSettingsView = z.output<typeof organizationSettingsSchema>;

const SETTING_FIELDS = ["membersManageCustomers", "legalName", "address", "vatId", "paymentTermsDays", "invoiceNotes"] as const;

export const updateOrganizationSettingsInput = z
  .looseObject({
    membersManageCustomers: jsonBoolean().optional(),
    legalName: legalNameInput,
    address: addressInput,
    vatId: vatIdInput,
    paymentTermsDays: paymentTermsDaysInput.optional(),
    invoiceNotes: invoiceNotesInput,
  })
  // A misspelt field is refused by name, not ignored.
  .superRefine((input, ctx) => {
    for (const key of Object.keys(input)) {
      if (!(SETTING_FIELDS as readonly string[]).includes(key)) ctx.addIssue({ code: "custom", path: [key], message: `is not a setting (${SETTING_FIELDS.join(", ")})` });
    }
    if (!SETTING_FIELDS.some((field) => input[field] !== undefined)) ctx.addIssue({ code: "custom", path: ["body"], message: "at least one setting is required" });
  });

export type OrganizationSettingsChanges = Pick<z.output<typeof updateOrganizationSettingsInput>, (typeof SETTING_FIELDS)[number]>;

export const customerPermissionsSchema = z.object({ membersManageCustomers: z.boolean(), canManageCustomers: z.boolean() });

export const organizationSettingsSelect = {
  membersManageCustomers: true,
  name: true,
  legalName: true,
  address: true,
  vatId: true,
  paymentTermsDays: true,
  invoiceNotes: true,
} as const satisfies Prisma.OrganizationSelect;
