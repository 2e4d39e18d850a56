// POST /oauth/authorize (rewritten here by the edge): the consent page's Allow or Deny.
import { observed } from "@/server/http/observe";
import { answerConsentDecision } from "@/server/http/oauth-endpoints";

export const dynamic = "force-dynamic";
export const POST = observed(answerConsentDecision);
