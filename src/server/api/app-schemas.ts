// Shapes shared by the web app's own procedures (tRPC only, no REST route): a keyset page.
import { z } from "zod";
import { paginationSchema } from "@/server/lib/envelope";

/** A page of a list for the web app: its items and the keyset `pagination` (`hasMore`, `cursor`). */
export function appPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: paginationSchema });
}

/** A filter flag as the web app sends it: a JSON boolean (the REST edges take the string form). */
export const appBoolean = () => z.boolean().optional();
