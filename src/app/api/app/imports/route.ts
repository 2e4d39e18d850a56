// POST /api/app/imports (multipart: file, source, commit): previews or imports time logs from a CSV.
import { formRoute } from "@/server/http/file-route";
import type { Unvalidated } from "@/server/http/app-route";
import { MAX_IMPORT_BYTES } from "@/server/contract/import";

/** The form's fields as the procedure's input; `commit` is the string "true" or "false" (absent: a preview). */
export const POST = formRoute(async (caller, form) => {
  const file = form.get("file");
  const commit = form.get("commit");
  const input: Unvalidated = {
    source: form.get("source") ?? undefined,
    commit: commit === "true" ? true : commit === null || commit === "false" ? false : commit,
    file: typeof file === "string" ? file : file ? await file.text() : undefined,
  };
  return caller.imports.run(input);
}, MAX_IMPORT_BYTES + 64 * 1024);
