// Any /api path no route file serves: the envelope's 404 instead of Next's HTML page.
import { errorResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";
import { noSuchRoute } from "@/server/http/route-table";

export const dynamic = "force-dynamic";

const notFound = observed(() => errorResponse(noSuchRoute()));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
