// GET /api/app/reports/saved: the caller's saved reports; POST saves one (name, query, showAmounts?).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.savedReports.list(query));
export const POST = appRoute((caller, { body }) => caller.savedReports.create(bodyObject(body)), { status: 201 });
