// Multipart uploads read as a stream: the body is never held whole in memory. Each file part is
// copied to a temporary file as it arrives, its size limit enforced while reading, and handed on as
// a stream once the whole form is read, because the fields that say how to read a file (an import's
// `source`) may come after it in the body. What the route keeps in memory is then only what it makes
// of the file, row by row.
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, validationError } from "@/server/errors";
import { tooLarge } from "@/server/http/body";

export interface UploadedForm {
  fields: ReadonlyMap<string, string>;
  /** Whether the form has a file part of that name. */
  hasFile(name: string): boolean;
  /** The named file part as a stream of its bytes from the first (each call opens it anew), or null when the form has none. */
  openFile(name: string): Readable | null;
}

export interface UploadLimits {
  /** The whole body: past it the answer is 413, as for any body. */
  maxBodyBytes: number;
  /** One file part: past it a validation error on that field. */
  maxFileBytes: number;
  /** How the file limit reads in the error, e.g. "10 MiB". */
  maxFileLabel: string;
}

const unreadable = () => new AppError("validation_error", "The form could not be read.", { details: [{ field: "body", message: "is not a readable multipart form" }] });

/** Counts the body's bytes as they pass, failing with 413 past `maxBytes`. */
function bodyLimit(maxBytes: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/**
 * Reads a multipart/form-data request and runs `use` with its fields and files; the temporary copies
 * are removed when `use` settles.
 */
export async function withUploadedForm<T>(request: Request, limits: UploadLimits, use: (form: UploadedForm) => Promise<T>): Promise<T> {
  const contentType = request.headers.get("content-type") ?? "";
  if (Number(request.headers.get("content-length") ?? "0") > limits.maxBodyBytes) throw tooLarge(limits.maxBodyBytes);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: limits.maxFileBytes, files: 4, fields: 16, fieldSize: 64 * 1024 } });
  } catch {
    throw unreadable();
  }
  const directory = await mkdtemp(join(tmpdir(), "orbit-upload-"));
  const opened: Readable[] = [];
  try {
    const fields = new Map<string, string>();
    const files = new Map<string, string>();
    const copies: Promise<void>[] = [];
    let oversized: string | null = null;
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) oversized ??= name;
      fields.set(name, value);
    });
    parser.on("file", (name, stream) => {
      if (files.has(name)) {
        stream.resume();
        return;
      }
      const path = join(directory, String(files.size));
      files.set(name, path);
      stream.on("limit", () => (oversized ??= name));
      const copy = pipeline(stream, createWriteStream(path));
      copy.catch(() => {}); // awaited below unless the body fails first
      copies.push(copy);
    });
    const body = request.body ? Readable.fromWeb(request.body as WebReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(body, bodyLimit(limits.maxBodyBytes), parser).catch((error: unknown) => {
      throw error instanceof AppError ? error : unreadable();
    });
    await Promise.all(copies).catch(() => {
      throw unreadable();
    });
    if (oversized) throw validationError(oversized, files.has(oversized) ? `must be at most ${limits.maxFileLabel}` : "is too long");
    return await use({
      fields,
      hasFile: (name) => files.has(name),
      openFile: (name) => {
        const path = files.get(name);
        if (!path) return null;
        const stream = createReadStream(path);
        opened.push(stream);
        return stream;
      },
    });
  } finally {
    for (const stream of opened) stream.destroy(); // one never read (its input refused first) would hold its file open
    await rm(directory, { recursive: true, force: true });
  }
}
