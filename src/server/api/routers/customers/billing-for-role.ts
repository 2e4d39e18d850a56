// The billing mask of every customer view, applied in one place: each customer procedure is built on
// one of the two bases below, and its services answer customers in full.
import { middleware } from "@/server/api/trpc";
import { keyOrSessionProcedure, sessionProcedure, type KeyOrSessionContext } from "@/server/api/procedures";
import { isPage, type Page } from "@/server/lib/envelope";
import { customerViewFor, type AppCustomerView } from "@/server/contract/customer";

/**
 * A member in the web app is answered the customers without their billing fields or private data
 * (app-api section 11). Placed before `.output()`, it works on the checked result, so the output
 * schema, and with it the /api/v1 shape in the OpenAPI document, stays the contract's; an API key (no
 * actor) gets the contract's shape.
 */
const billingForRole = middleware(async ({ ctx, next }) => {
  const result = await next();
  const { actor } = ctx as unknown as KeyOrSessionContext;
  if (!result.ok || !actor) return result;
  const data = result.data as AppCustomerView | Page<AppCustomerView>;
  return { ...result, data: isPage(data) ? { ...data, items: data.items.map((customer) => customerViewFor(customer, actor.role)) } : customerViewFor(data, actor.role) };
});

/** A web-app procedure answering customers. */
export const customerSessionProcedure = sessionProcedure.use(billingForRole);

/** A procedure of /api/v1 and the web app answering customers. */
export const customerKeyOrSessionProcedure = keyOrSessionProcedure.use(billingForRole);
