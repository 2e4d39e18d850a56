// Next's proxy: runs before every page and API route (static assets excluded). See server/http/edge.ts.
import { NextResponse, type NextRequest } from "next/server";
import { decideAtEdge } from "@/server/http/edge";

export function proxy(request: NextRequest): Response {
  const decision = decideAtEdge(request);
  if (decision.response) return decision.response;
  const response = NextResponse.next({ request: { headers: decision.requestHeaders } });
  for (const [name, value] of decision.responseHeaders) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image).*)"],
};
