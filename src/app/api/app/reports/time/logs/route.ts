// GET /api/app/reports/time/logs?from=&to=&…filters&cursor=: the report's logs, a keyset page at a time.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.reports.logs(query));
