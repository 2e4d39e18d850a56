// Request bodies: at most 1 MiB, JSON only. Shared by every edge.
import { AppError } from "@/server/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new AppError("payload_too_large", "Request body exceeds 1 MiB.");

/** Reads and parses a JSON body; an empty body is `undefined`. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation_error", "Request body is not valid JSON.", { details: [{ field: "body", message: "must be valid JSON" }] });
  }
}
