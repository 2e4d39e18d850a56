// Public API step 2: the organization's current plan must grant API access (402), on every request.
import { AppError } from "@/server/errors";
import { planGrants } from "@/server/auth/plans";

export function assertPlanGrantsApi(plan: "free" | "pro"): void {
  if (!planGrants(plan, "customIntegrations")) {
    throw new AppError("plan_required", "The organization's plan does not include API access; upgrade to use API keys.");
  }
}
