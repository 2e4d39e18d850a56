// The origin a request was addressed to, for absolute URLs handed back to the person (feed URLs):
// forwarded host and protocol when present (as the API reference page reads them), else the Host
// header, else the request's own URL.
import type { RequestContext } from "@/server/api/trpc";

export function requestOrigin(ctx: Pick<RequestContext, "headers" | "requestUrl">): string {
  const url = ctx.requestUrl ? new URL(ctx.requestUrl) : null;
  const host = ctx.headers.get("x-forwarded-host") ?? ctx.headers.get("host") ?? url?.host ?? "localhost";
  const protocol = ctx.headers.get("x-forwarded-proto") ?? url?.protocol.replace(/:$/, "") ?? "http";
  return `${protocol.split(",")[0]!.trim()}://${host.split(",")[0]!.trim()}`;
}
