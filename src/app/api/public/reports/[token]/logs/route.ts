// GET /api/public/reports/<token>/logs?cursor=: a shared report's logs (its detail), a keyset page at a
// time, oldest first. No session or key: the token is the credential, as for the report itself.
import { getDb } from "@/server/db";
import { observed } from "@/server/http/observe";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { successEnvelope } from "@/server/lib/envelope";
import { notFound } from "@/server/errors";
import { sharedReportLogsInput } from "@/server/contract/time-report";
import { openSharedReportLogs } from "@/server/services/reports/saved";

export const GET = observed(async (request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> => {
  const { token } = await params;
  const headers = new Headers({ "x-robots-tag": "noindex, nofollow", "referrer-policy": "no-referrer" });
  try {
    const page = sharedReportLogsInput.parse(Object.fromEntries(new URL(request.url).searchParams));
    const logs = await openSharedReportLogs(await getDb(), token, page);
    if (!logs) throw notFound("Shared report");
    return jsonResponse(successEnvelope(logs.items, { pagination: logs.pagination }), 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
});
