// Any /api path no route file serves: the envelope's 404 instead of Next's HTML page.
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";

export const dynamic = "force-dynamic";

const notFound = observed(() => errorResponse(new AppError("not_found", "No such route.")));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
