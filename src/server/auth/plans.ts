// What each plan grants. Plans are data; checks ask `planGrants`, never compare plan names.
import type { Plan } from "@/generated/prisma/enums";

export type Capability = "customIntegrations";

export const PLAN_CAPABILITIES: Record<Plan, readonly Capability[]> = {
  free: [],
  pro: ["customIntegrations"],
};

export function planGrants(plan: Plan, capability: Capability): boolean {
  return PLAN_CAPABILITIES[plan].includes(capability);
}
