// POST /api/app/imports (multipart: file, source, commit, people, dateFormat, timeZone, skipInvalid, in
// any order): previews or imports time logs from a CSV, read as a stream from the upload's copy.
import { formRoute } from "@/server/http/file-route";
import type { Unvalidated } from "@/server/http/app-route";
import { validationError } from "@/server/errors";
import { MAX_IMPORT_BYTES } from "@/server/contract/import";

/** A form's "true" or "false" as a boolean (absent: false); anything else is left for the schema to refuse. */
const formBoolean = (value: string | undefined) => (value === "true" ? true : value === undefined || value === "false" ? false : value);

/** `people` is JSON text in the form; text that is not JSON is a 400 on it. */
function formJson(name: string, value: string | undefined): unknown {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw validationError(name, 'must be a JSON object of { "<name or email>": "<member id>" or "skip" }');
  }
}

/** The form's fields as the procedure's input; the file is handed on as its copy, which the import reads more than once. */
export const POST = formRoute(
  async (caller, form) => {
    const input: Unvalidated = {
      source: form.fields.get("source"),
      commit: formBoolean(form.fields.get("commit")),
      skipInvalid: formBoolean(form.fields.get("skipInvalid")),
      people: formJson("people", form.fields.get("people")),
      dateFormat: form.fields.get("dateFormat") || undefined,
      timeZone: form.fields.get("timeZone") || undefined,
      file: form.hasFile("file") ? { open: () => form.openFile("file")! } : form.fields.get("file"),
    };
    return caller.imports.run(input);
  },
  { maxBodyBytes: MAX_IMPORT_BYTES + 64 * 1024, maxFileBytes: MAX_IMPORT_BYTES, maxFileLabel: "10 MiB" },
);
