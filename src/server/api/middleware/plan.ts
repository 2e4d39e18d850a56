// Public API step 2: the organization's current plan must grant API access (402), on every request.
import { requirePlan } from "@/server/auth/plans";

export function assertPlanGrantsApi(plan: "free" | "pro"): void {
  requirePlan(plan, "customIntegrations");
}
