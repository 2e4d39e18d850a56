// GET /api/app/invoices/:id: one invoice with its lines, subtotal, tax and total (admin).
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.invoices.get({ id: params.id }));
