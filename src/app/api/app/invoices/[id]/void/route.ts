// POST /api/app/invoices/:id/void: marks the invoice void (admin); a move the lifecycle forbids is a 409.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.invoices.changeStatus({ id: params.id, status: "void" }));
