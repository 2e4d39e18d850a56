// POST /oauth/token (rewritten here by the edge): the authorization code grant, in RFC 6749's format.
import { observed } from "@/server/http/observe";
import { answerTokenRequest } from "@/server/http/oauth-endpoints";

export const dynamic = "force-dynamic";
export const POST = observed(answerTokenRequest);
