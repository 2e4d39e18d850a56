// GET /api/app/invoices: the organization's invoices, newest first (admin).
// POST /api/app/invoices: drafts an invoice for a customer's unbilled time in a period (admin).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.invoices.list(query));
export const POST = appRoute((caller, { body }) => caller.invoices.create(bodyObject(body)), { status: 201 });
