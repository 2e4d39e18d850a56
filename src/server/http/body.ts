// Request bodies: at most 1 MiB, JSON only, nested at most MAX_JSON_DEPTH deep. Shared by every edge.
import type { IncomingMessage } from "node:http";
import { AppError } from "@/server/errors";
import { MAX_BODY_BYTES } from "@/lib/limits";

/** Far beyond any input schema; deeper documents only serve to exhaust the stack of a recursive walker. */
export const MAX_JSON_DEPTH = 32;

export const tooLarge = (maxBytes = MAX_BODY_BYTES) => new AppError("payload_too_large", `Request body exceeds ${maxBytes / (1024 * 1024)} MiB.`);
const invalidJson = (message: string) => new AppError("validation_error", `Request body ${message}.`, { details: [{ field: "body", message }] });

/** Reads the body as text, refusing more than 1 MiB (or `maxBytes`; declared or streamed); an absent body is "". */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The same for a Node request (the server's own /api/v1 path). Past the limit the rest is discarded
 * unread as it arrives, so that the client, still sending, gets its 413 on a connection kept open.
 */
export function readNodeBodyText(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers["content-length"] ?? "0");
  if (declared > maxBytes) {
    request.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => request.off("data", onData).off("end", onEnd).off("error", onError);
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        request.resume();
        reject(tooLarge(maxBytes));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8"));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */ || char === 91 /* [ */) deepest = Math.max(deepest, ++depth);
    else if (char === 125 /* } */ || char === 93 /* ] */) depth -= 1;
  }
  return deepest;
}

/** Too deep a JSON text is a 400 validation_error before any parser or schema walks it. */
export function assertJsonDepth(text: string): void {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw invalidJson(`must not nest deeper than ${MAX_JSON_DEPTH} levels`);
}

/** The dotted path of the first string (key or value) holding U+0000, which PostgreSQL text cannot store. */
function nulCharacterPath(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return itemPath;
    const found = nulCharacterPath(item, itemPath);
    if (found) return found;
  }
  return undefined;
}

/** A NUL character anywhere in client input is a 400, never a database error. */
export function assertNoNulCharacters(value: unknown, field = "body"): void {
  const found = nulCharacterPath(value, "");
  if (found !== undefined) throw new AppError("validation_error", `${found || field} must not contain NUL characters.`, { details: [{ field: found || field, message: "must not contain NUL characters" }] });
}

/** Parses JSON text from a client; too deep, malformed or holding NUL is a 400 validation_error, never a 500. */
export function parseClientJson(text: string, what = "must be valid JSON"): unknown {
  assertJsonDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson(what);
  }
  // JSON can only carry a NUL escaped (a raw one is a parse error): a text without the escape holds none.
  if (text.includes("\\u0000")) assertNoNulCharacters(value);
  return value;
}

/** Parses a body's text; an empty body is `undefined`. */
export function parseJsonBodyText(text: string): unknown {
  if (!text.trim()) return undefined;
  return parseClientJson(text);
}

/** Reads and parses a JSON body; an empty body is `undefined`. */
export async function readJsonBody(request: Request): Promise<unknown> {
  return parseJsonBodyText(await readBodyText(request));
}
