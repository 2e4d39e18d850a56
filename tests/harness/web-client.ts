// The web app's tRPC client wired to the real /api/trpc route handler, with a browser-like cookie jar
// and Origin header.
import { dispatch, BASE_URL } from "./http";
import { createApiClient, type ApiClient } from "@/trpc/client";

export interface Browser {
  api: ApiClient;
  cookies: Map<string, string>;
  /** Every response status the client saw, in order. */
  statuses: number[];
}

export function openBrowser(options: { origin?: string } = {}): Browser {
  const cookies = new Map<string, string>();
  const statuses: number[] = [];
  const fetchThroughApp = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set("origin", options.origin ?? BASE_URL);
    if (cookies.size) headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await dispatch(new Request(request, { headers }));
    statuses.push(response.status);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { api: createApiClient({ url: `${BASE_URL}/api/trpc`, fetch: fetchThroughApp }), cookies, statuses };
}

/** Headers a page request carries for this browser's cookies. */
export function pageHeaders(browser: Browser): Headers {
  const headers = new Headers();
  if (browser.cookies.size) headers.set("cookie", [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  return headers;
}
