// Customer (contract 2.3, app-api sections 4 and 17): the response allowlist, the public list and create
// inputs, the in-app billing, edit and archive inputs, the columns a response is read from, and the
// serializers. The private contact data (contactEmail, contactPhone) and notes are never in a /api/v1
// response, whatever the scope; the web app shows them, and the invoicing details, to admins only.
import { z } from "zod";
import type { Prisma, Role } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from "@/lib/limits";
import { idInput, optionalText, queryBoolean, searchQuery, updatedSinceInput, timestampSchema, uncoerced } from "@/server/lib/zod";
import { addressInput, paymentTermsDaysInput, vatIdInput } from "./invoicing";

export const roundingModeSchema = z.enum(["up", "down", "nearest"]);
export const billingTypeSchema = z.enum(["hourly", "fixed"]);

export const customerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    contactName: z.string().nullable(),
    color: z.string().nullable().meta({ description: "Hex color #RRGGBB" }),
    logoUrl: z.string().nullable(),
    hourlyRateCents: z.number().int().nullable().meta({ description: "Hourly rate in minor units of `currency`" }),
    fixedRateCents: z.number().int().nullable().meta({ description: "Fixed fee per invoice in minor units of `currency`" }),
    currency: z.string().meta({ description: "ISO 4217 code" }),
    taxRateBps: z.number().int().meta({ description: "Tax rate in basis points (0-10000)" }),
    roundingIncrementMinutes: z.number().int().meta({ description: "Billing rounding increment in minutes (0: no rounding)" }),
    roundingMode: roundingModeSchema,
    paymentLinkUrl: z.string().nullable(),
    billingType: billingTypeSchema,
    archived: z.boolean(),
    archivedAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Customer" });

export type CustomerView = z.output<typeof customerSchema>;

/** Lengths the contract leaves open (app-api section 6 for names; the rest chosen here). */
export const CUSTOMER_LIMITS = { name: MAX_NAME_LENGTH, company: MAX_NAME_LENGTH, contactName: MAX_NAME_LENGTH, email: 254, phone: 50, notes: MAX_LONG_TEXT_LENGTH, url: 2048 } as const;

/** Largest rate accepted, in minor units: far beyond any real rate, far below integer overflow in invoices. */
export const MAX_RATE_CENTS = 100_000_000;

const emailFormat = z.email();
const webUrl = z.url({ protocol: /^https?$/ });

/** An absolute http(s) URL without whitespace. */
export const isWebUrl = (value: string) => !/\s/.test(value) && webUrl.safeParse(value).success;

/** Digits with the usual separators, an optional leading +, and an optional extension. */
const isPhoneNumber = (value: string) => /^\+?[0-9][0-9 ()./-]*(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3;

const SUPPORTED_CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

export const customerIdInput = idInput;

export const listCustomersInput = z.object({
  search: searchQuery().meta({ description: "Case-insensitive substring of name or company" }),
  includeArchived: queryBoolean().meta({ description: "`true` or `false` (default): include archived customers" }).optional(),
  ...updatedSinceInput,
  ...paginationInput("customers"),
});

/** The customer's own details, as created and edited (the private contact data is write-only). */
const profileShape = {
  company: optionalText(CUSTOMER_LIMITS.company),
  contactName: optionalText(CUSTOMER_LIMITS.contactName),
  color: optionalText(7, { test: (value) => /^#[0-9a-f]{6}$/i.test(value), message: "must be a hex color #RRGGBB" }),
  logoUrl: optionalText(CUSTOMER_LIMITS.url, { test: isWebUrl, message: "must be an http or https URL" }),
};

const customerName = () => z.string().trim().min(1, "is required").max(CUSTOMER_LIMITS.name, `must be at most ${CUSTOMER_LIMITS.name} characters`);

const privateContactShape = {
  email: optionalText(CUSTOMER_LIMITS.email, { test: (value) => emailFormat.safeParse(value).success, message: "must be an email address" }).meta({
    description: "Private contact email; stored, never returned",
  }),
  phone: optionalText(CUSTOMER_LIMITS.phone, { test: isPhoneNumber, message: "must be a phone number (digits, spaces, + ( ) . - /, optional extension)" }).meta({
    description: "Private contact phone; stored, never returned",
  }),
  notes: optionalText(CUSTOMER_LIMITS.notes).meta({ description: "Private notes; stored, never returned" }),
};

export const createCustomerInput = z.object({
  name: customerName(),
  ...privateContactShape,
  ...profileShape,
});

/** The billing fields of the v1 response (members of the web app are not sent them). */
export const BILLING_FIELDS = ["hourlyRateCents", "fixedRateCents", "currency", "taxRateBps", "roundingIncrementMinutes", "roundingMode", "billingType", "paymentLinkUrl"] as const;
/** The recipient's invoicing details (app-api section 17): the web app's, never in a /api/v1 response. */
const INVOICING_FIELDS = ["billingAddress", "vatId", "paymentTermsDays"] as const;
/** What only an admin sets (PATCH /api/app/customers/:id takes exactly these). */
const ADMIN_SETTING_FIELDS = [...BILLING_FIELDS, ...INVOICING_FIELDS] as const;

export const rateCents = uncoerced(z.number().int("must be an integer").min(0, "must not be negative").max(MAX_RATE_CENTS, `must be at most ${MAX_RATE_CENTS}`));

/** Billing settings (app-api section 4); every field optional, each checked on its own. */
const billingShape = {
  hourlyRateCents: rateCents.nullable().optional(),
  fixedRateCents: rateCents.nullable().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code of 3 uppercase letters")
    .refine((code) => SUPPORTED_CURRENCIES.has(code), "is not a supported ISO 4217 currency")
    .optional(),
  taxRateBps: uncoerced(z.number().int("must be an integer").min(0, "must be between 0 and 10000").max(10_000, "must be between 0 and 10000")).optional(),
  roundingIncrementMinutes: uncoerced(z.number().int("must be an integer").min(0, "must be between 0 and 60").max(60, "must be between 0 and 60")).optional(),
  roundingMode: roundingModeSchema.optional(),
  billingType: billingTypeSchema.optional(),
  paymentLinkUrl: z
    .string()
    .max(CUSTOMER_LIMITS.url, `must be at most ${CUSTOMER_LIMITS.url} characters`)
    .refine(isWebUrl, "must be an http or https URL")
    .nullable()
    .optional(),
  billingAddress: addressInput,
  vatId: vatIdInput,
  /** Null: the organization's payment terms. */
  paymentTermsDays: paymentTermsDaysInput.nullable().optional(),
};

export const updateCustomerBillingInput = z
  .looseObject({ id: customerIdInput, ...billingShape })
  // Only billing settings change here: a misspelt or non-billing field is refused by name, not ignored.
  .superRefine((input, ctx) => {
    for (const key of Object.keys(input)) {
      if (key !== "id" && !(ADMIN_SETTING_FIELDS as readonly string[]).includes(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `is not a billing field (${ADMIN_SETTING_FIELDS.join(", ")})` });
      }
    }
    if (!ADMIN_SETTING_FIELDS.some((field) => input[field] !== undefined)) ctx.addIssue({ code: "custom", path: ["body"], message: "at least one billing field is required" });
  });

export type BillingField = (typeof BILLING_FIELDS)[number];

/**
 * Whether someone of `role` sees what a customer is billed: its rates and billing settings, and the
 * amounts of reports and exports (app-api section 11: members see no billing rates). The billing mask of
 * every customer view, report and export asks this.
 */
export const seesBilling = (role: Role): boolean => role === "admin";

export const isBillingField = (field: string): field is BillingField => (BILLING_FIELDS as readonly string[]).includes(field);
type AdminSettingField = (typeof ADMIN_SETTING_FIELDS)[number];

/** The billing and invoicing fields present in an input: only admins may send any of them. */
export function billingChangesOf<T extends Partial<Record<AdminSettingField, unknown>>>(input: T): Pick<T, AdminSettingField> {
  return Object.fromEntries(ADMIN_SETTING_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, input[field]])) as Pick<T, AdminSettingField>;
}

/** A create with billing: the public fields plus, for admins, the billing settings in the same step. */
export const createCustomerWithBillingInput = createCustomerInput.extend(billingShape);

/** In-app edit: profile fields (whoever may manage customers), billing and private contact (admins), written together or not at all. */
export const updateCustomerInput = z
  .object({ id: customerIdInput, name: customerName().optional(), ...profileShape, ...privateContactShape, ...billingShape })
  .superRefine((input, ctx) => {
    if (Object.entries(input).every(([key, value]) => key === "id" || value === undefined)) {
      ctx.addIssue({ code: "custom", path: ["body"], message: "at least one field to change is required" });
    }
  });

export const customerByIdInput = z.object({ id: customerIdInput.meta({ description: "Customer id" }) });

export type ListCustomersInput = z.output<typeof listCustomersInput>;
export type CreateCustomerInput = z.output<typeof createCustomerInput>;
/** Billing settings to write; an absent field is left as it is. */
export type CustomerBillingChanges = z.output<z.ZodObject<typeof billingShape>>;
/** The customer's own details to write (whoever may manage customers); an absent field is left as it is. */
export type CustomerProfileChanges = Omit<z.output<typeof updateCustomerInput>, "id" | AdminSettingField | PrivateContactField>;
type PrivateContactField = keyof typeof privateContactShape;
/** The private contact data to write (admins); an absent field is left as it is. */
export type CustomerPrivateChanges = Pick<z.output<typeof updateCustomerInput>, PrivateContactField>;

/** The columns a customer response is built from; queries select exactly these. */
export const customerSelect = {
  id: true,
  name: true,
  company: true,
  contactName: true,
  color: true,
  logoUrl: true,
  hourlyRateCents: true,
  fixedRateCents: true,
  currency: true,
  taxRateBps: true,
  roundingIncrementMinutes: true,
  roundingMode: true,
  paymentLinkUrl: true,
  billingType: true,
  archived: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CustomerSelect;

export type CustomerRow = Prisma.CustomerGetPayload<{ select: typeof customerSelect }>;

export function serializeCustomer(customer: CustomerRow): CustomerView {
  return {
    id: customer.id,
    name: customer.name,
    company: customer.company,
    contactName: customer.contactName,
    color: customer.color,
    logoUrl: customer.logoUrl,
    hourlyRateCents: customer.hourlyRateCents,
    fixedRateCents: customer.fixedRateCents,
    currency: customer.currency,
    taxRateBps: customer.taxRateBps,
    roundingIncrementMinutes: customer.roundingIncrementMinutes,
    roundingMode: customer.roundingMode,
    paymentLinkUrl: customer.paymentLinkUrl,
    billingType: customer.billingType,
    archived: customer.archived,
    archivedAt: customer.archivedAt?.toISOString() ?? null,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}

/** Columns only the web app's admins are shown: the private contact data and the invoicing details. */
export const customerPrivateSelect = {
  contactEmail: true,
  contactPhone: true,
  notes: true,
  billingAddress: true,
  vatId: true,
  paymentTermsDays: true,
} as const satisfies Prisma.CustomerSelect;

export const appCustomerSelect = { ...customerSelect, ...customerPrivateSelect } as const satisfies Prisma.CustomerSelect;
export type AppCustomerRow = Prisma.CustomerGetPayload<{ select: typeof appCustomerSelect }>;

const billingFieldMask = Object.fromEntries(BILLING_FIELDS.map((field) => [field, true])) as Record<BillingField, true>;

/**
 * The web app's customer: the v1 shape, its billing fields left out for a member (app-api section 11:
 * members see no billing rates); for an admin also the private contact data (never in /api/v1) and the
 * invoicing details. A row from the v1 list has none of the admin's extras.
 */
export const appCustomerSchema = customerSchema.partial(billingFieldMask).extend({
  contactEmail: z.string().nullable().optional(),
  contactPhone: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  billingAddress: z.string().nullable().optional(),
  vatId: z.string().nullable().optional(),
  paymentTermsDays: z.number().int().nullable().optional().meta({ description: "Days to pay its invoices; null: the organization's terms" }),
});

export type AppCustomerView = z.output<typeof appCustomerSchema>;

/** The web app's customer in full (as an admin sees it): the v1 shape, and from a full row the private contact data and invoicing details. */
export function appCustomerView(customer: CustomerView | AppCustomerRow): AppCustomerView {
  if (!("contactEmail" in customer)) return customer;
  return {
    ...serializeCustomer(customer),
    contactEmail: customer.contactEmail,
    contactPhone: customer.contactPhone,
    notes: customer.notes,
    billingAddress: customer.billingAddress,
    vatId: customer.vatId,
    paymentTermsDays: customer.paymentTermsDays,
  };
}

/** The billing mask: a customer view as someone of `role` is shown it; an admin sees everything, a member no billing field and nothing private. */
export function customerViewFor(view: AppCustomerView, role: Role): AppCustomerView {
  if (seesBilling(role)) return view;
  return Object.fromEntries(Object.entries(view).filter(([field]) => !isBillingField(field) && !(field in customerPrivateSelect))) as AppCustomerView;
}
