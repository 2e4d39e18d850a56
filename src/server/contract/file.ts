// A file a procedure answers (a CSV or PDF report, the export archive); the edge sends it as a download.
import { z } from "zod";

export const fileSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  /** Text, bytes, or a stream for a file too large to hold (the export). */
  body: z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array), z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream)]),
});
export type FileView = z.output<typeof fileSchema>;
