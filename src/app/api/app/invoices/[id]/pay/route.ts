// POST /api/app/invoices/:id/pay: marks the invoice paid (admin); a move the lifecycle forbids is a 409.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.invoices.changeStatus({ id: params.id, status: "paid" }));
