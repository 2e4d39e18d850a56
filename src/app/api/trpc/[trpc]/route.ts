// tRPC endpoint for the web app. Errors keep tRPC's shape here; data.appCode carries our code.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { assertSameOrigin } from "@/server/api/middleware/session";
import { createRequestContext, errorResponse } from "@/server/http/app-route";

async function handler(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request.method, request.headers, request.url);
  } catch (error) {
    return errorResponse(error);
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: ({ resHeaders }) => createRequestContext(request, resHeaders),
  });
}

export { handler as GET, handler as POST };
