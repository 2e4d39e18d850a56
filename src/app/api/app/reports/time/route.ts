// GET /api/app/reports/time?from=&to=&groupBy=&format=: the time report as JSON (enveloped), CSV or PDF.
import { appRoute } from "@/server/http/app-route";
import { fileRoute } from "@/server/http/file-route";

const asJson = appRoute((caller, { query }) => caller.reports.time(query));
const asFile = fileRoute((caller, query) => caller.reports.timeFile(query));

export function GET(request: Request, args: { params: Promise<Record<string, string>> }): Promise<Response> {
  const format = new URL(request.url).searchParams.get("format");
  return format === null || format === "json" ? asJson(request, args) : asFile(request);
}
