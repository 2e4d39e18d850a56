// zod schemas of the v1 envelopes as procedure outputs (so responses are checked against them and
// the OpenAPI document shows them), built from the envelope's one definition in lib/envelope.ts.
import { z } from "zod";
import { pageItemOf } from "@/server/api/page-schema";
import { paginationSchema, v1SuccessMetaSchema } from "@/server/lib/envelope";

export function v1Envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: v1SuccessMetaSchema });
}

export function v1ListEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: v1SuccessMetaSchema, pagination: paginationSchema });
}

/** The v1 envelope of a procedure's result schema: a page's items become `data` beside `pagination`. */
export function v1EnvelopeOf(output: z.ZodType) {
  const item = pageItemOf(output);
  return item ? v1ListEnvelope(item) : v1Envelope(output);
}
