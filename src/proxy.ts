// Next's proxy: runs before every page and API route (static assets excluded). See server/http/edge.ts.
import { NextResponse, type NextRequest } from "next/server";
import { decideAtEdge } from "@/server/http/edge";

export function proxy(request: NextRequest): Response {
  const decision = decideAtEdge(request);
  if (decision.response) return decision.response;
  if (decision.rewritePath) {
    const target = new URL(decision.rewritePath + request.nextUrl.search, request.url);
    return NextResponse.rewrite(target, { request: { headers: decision.requestHeaders } });
  }
  const response = NextResponse.next({ request: { headers: decision.requestHeaders } });
  for (const [name, value] of decision.responseHeaders) response.headers.set(name, value);
  return response;
}

// The public API (/api/v1/...) skips the proxy: its route handler applies the same request id and
// security headers itself (server/http/observe.ts), and every proxy pass costs a request's worth of
// header copying at the API's request rates.
export const config = {
  matcher: ["/((?!_next/static|_next/image|api/v1/).*)"],
};
