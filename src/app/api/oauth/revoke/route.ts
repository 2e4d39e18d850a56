// POST /oauth/revoke (rewritten here by the edge): RFC 7009 token revocation.
import { observed } from "@/server/http/observe";
import { answerRevocationRequest } from "@/server/http/oauth-endpoints";

export const dynamic = "force-dynamic";
export const POST = observed(answerRevocationRequest);
