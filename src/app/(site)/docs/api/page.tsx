// API reference: the OpenAPI document that /api/v1/openapi.json serves, built in-process and rendered
// on the server.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { noticeClass } from "@/components/ui/styles";
import { ApiReference } from "@/components/api-reference/api-reference";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { publicOrigin } from "@/server/http/origin";

export const metadata: Metadata = { title: "API reference" };

// The document names this deployment's base URL, read from the request.
export const dynamic = "force-dynamic";

export default async function ApiReferencePage() {
  const origin = publicOrigin(await headers(), undefined);
  let document: unknown;
  try {
    document = buildOpenApiDocument(origin);
  } catch (error) {
    console.error("[orbit] the OpenAPI document could not be built", error);
    return (
      <p className={noticeClass("error")} role="alert">
        The API reference is unavailable right now. Please try again later.
      </p>
    );
  }
  return <ApiReference document={document} />;
}
