// The schema of a list's result, a keyset page: at /api/v1 its items become `data` beside
// `pagination`; the web app reads it as it is.
import { z } from "zod";
import { paginationSchema } from "@/server/lib/envelope";

const pageItems = new WeakMap<z.ZodType, z.ZodType>();

/** A page of a list: its items and the keyset `pagination` (`hasMore`, `cursor`). */
export function pageOf<T extends z.ZodType>(item: T) {
  const page = z.object({ items: z.array(item), pagination: paginationSchema });
  pageItems.set(page, item);
  return page;
}

/** The item schema of a schema made by `pageOf`; undefined for any other schema. */
export function pageItemOf(schema: z.ZodType): z.ZodType | undefined {
  return pageItems.get(schema);
}
