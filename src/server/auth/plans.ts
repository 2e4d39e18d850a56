// What each plan grants. Plans are data; checks ask `planGrants` or `requirePlan`, never compare plan names.
import type { Plan } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";

export type Capability = "customIntegrations" | "sso";

export const PLAN_CAPABILITIES: Record<Plan, readonly Capability[]> = {
  free: [],
  pro: ["customIntegrations", "sso"],
};

/**
 * Requests an hour an organization's API keys may be granted together (the sum of the active keys'
 * `rateLimitPerHour`), so that more keys do not multiply a plan's allowance.
 */
export const PLAN_API_HOURLY_CEILING: Record<Plan, number> = {
  free: 0,
  pro: 1_000_000,
};

export function planGrants(plan: Plan, capability: Capability): boolean {
  return PLAN_CAPABILITIES[plan].includes(capability);
}

/** The plans that grant a capability (for checks made in SQL). */
export function plansGranting(capability: Capability): Plan[] {
  return (Object.keys(PLAN_CAPABILITIES) as Plan[]).filter((plan) => planGrants(plan, capability));
}

/** What a capability covers, in the 402's words. */
const CAPABILITY_DESCRIPTIONS: Record<Capability, string> = {
  customIntegrations: "custom integrations (the public API, API keys and webhook endpoints)",
  sso: "single sign-on",
};

/** The one plan check (402 `plan_required`): the public API pipeline, creating API keys, adding webhook endpoints. */
export function requirePlan(plan: Plan, capability: Capability): void {
  if (!planGrants(plan, capability)) {
    throw new AppError("plan_required", `The organization's plan does not include ${CAPABILITY_DESCRIPTIONS[capability]}; upgrade to Pro.`);
  }
}
