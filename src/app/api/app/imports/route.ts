// POST /api/app/imports (multipart: file, source, commit, in any order): previews or imports time logs
// from a CSV, read as a stream.
import { formRoute } from "@/server/http/file-route";
import type { Unvalidated } from "@/server/http/app-route";
import { MAX_IMPORT_BYTES } from "@/server/contract/import";

/** The form's fields as the procedure's input; `commit` is the string "true" or "false" (absent: a preview). */
export const POST = formRoute(
  async (caller, form) => {
    const commit = form.fields.get("commit");
    const input: Unvalidated = {
      source: form.fields.get("source"),
      commit: commit === "true" ? true : commit === undefined || commit === "false" ? false : commit,
      file: form.openFile("file") ?? form.fields.get("file"),
    };
    return caller.imports.run(input);
  },
  { maxBodyBytes: MAX_IMPORT_BYTES + 64 * 1024, maxFileBytes: MAX_IMPORT_BYTES, maxFileLabel: "10 MiB" },
);
