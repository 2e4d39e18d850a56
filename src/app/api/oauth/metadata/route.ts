// GET /.well-known/oauth-authorization-server (rewritten here by the edge): RFC 8414 metadata.
import { observed } from "@/server/http/observe";
import { answerMetadataRequest } from "@/server/http/oauth-endpoints";

export const dynamic = "force-dynamic";
export const GET = observed(async (request: Request) => answerMetadataRequest(request));
