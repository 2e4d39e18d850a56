// A file a procedure answers (a CSV or PDF report); the edge sends it as a download.
import { z } from "zod";

export const fileSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  body: z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array)]),
});
export type FileView = z.output<typeof fileSchema>;
