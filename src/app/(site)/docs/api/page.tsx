// API reference: the OpenAPI document that /api/v1/openapi.json serves, built in-process and rendered
// on the server.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { ApiReference } from "@/components/api-reference/api-reference";
import { buildOpenApiDocument } from "@/server/api/openapi";

export const metadata: Metadata = { title: "API reference" };

// The document names this deployment's base URL, read from the request.
export const dynamic = "force-dynamic";

async function requestOrigin(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost";
  const protocol = requestHeaders.get("x-forwarded-proto") ?? "http";
  return `${protocol.split(",")[0]!.trim()}://${host.split(",")[0]!.trim()}`;
}

export default async function ApiReferencePage() {
  const origin = await requestOrigin();
  let document: unknown;
  try {
    document = buildOpenApiDocument(origin);
  } catch (error) {
    console.error("[orbit] the OpenAPI document could not be built", error);
    return (
      <p className="notice notice-error" role="alert">
        The API reference is unavailable right now. Please try again later.
      </p>
    );
  }
  return <ApiReference document={document} />;
}
