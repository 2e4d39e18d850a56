// GET /api/app/invoices/:id: one invoice as a document: lines with their dates, subtotal, tax and its rate, total,
// sender and recipient, issue and due dates, notes (admin).
// PATCH /api/app/invoices/:id: a draft's notes (admin); an issued invoice no longer changes (409).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.invoices.get({ id: params.id }));
export const PATCH = appRoute((caller, { body, params }) => caller.invoices.update({ ...bodyObject(body), id: params.id }));
