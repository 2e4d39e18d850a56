import { middleware } from "@/server/api/trpc";
import type { KeyOrSessionContext } from "@/server/api/procedures";
import { isPage, type Page } from "@/server/lib/envelope";
import { customerForRole, seesBilling, type CustomerView } from "@/server/contract/customer";

/**
 * A member in the web app is answered the customers without their billing fields (app-api section 11).
 * Placed before `.output()`, it works on the checked result, so the output schema, and with it the
 * /api/v1 shape in the OpenAPI document, stays the contract's; an API key (no actor) gets everything.
 */
export const billingForRole = middleware(async ({ ctx, next }) => {
  const result = await next();
  const { actor } = ctx as unknown as KeyOrSessionContext;
  if (!result.ok || !actor || seesBilling(actor.role)) return result;
  const data = result.data as CustomerView | Page<CustomerView>;
  return { ...result, data: isPage(data) ? { ...data, items: data.items.map((customer) => customerForRole(customer as CustomerView, actor.role)) } : customerForRole(data, actor.role) };
});
