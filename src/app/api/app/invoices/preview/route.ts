// POST /api/app/invoices/preview: what POST /api/app/invoices would bill, nothing written (admin).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.invoices.preview(bodyObject(body)));
