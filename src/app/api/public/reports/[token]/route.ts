// GET /api/public/reports/<token> (the report as JSON, in the envelope) and /api/public/reports/<token>.csv:
// a shared report as of now, for the /r/<token> page and anyone holding the URL (the edge rewrites
// /r/<token>.csv here). No session or key: the token is the credential; nothing but this report is
// reachable through it.
import { getDb } from "@/server/db";
import { observed } from "@/server/http/observe";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { fileResponse } from "@/server/http/file-route";
import { successEnvelope } from "@/server/lib/envelope";
import { notFound } from "@/server/errors";
import { openSharedReport, openSharedReportCsv } from "@/server/services/reports/saved";

/** Secret URLs stay out of search engines and shared caches. */
const privateHeaders = () => new Headers({ "x-robots-tag": "noindex, nofollow", "referrer-policy": "no-referrer" });

export const GET = observed(async (_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> => {
  const { token: segment } = await params;
  const headers = privateHeaders();
  try {
    const db = await getDb();
    if (segment.endsWith(".csv")) {
      const file = await openSharedReportCsv(db, segment.slice(0, -".csv".length));
      if (!file) throw notFound("Shared report");
      return fileResponse(file, headers);
    }
    const shared = await openSharedReport(db, segment);
    if (!shared) throw notFound("Shared report");
    return jsonResponse(successEnvelope(shared), 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
});
