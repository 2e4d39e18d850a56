// Sends a form with a file to an in-app route and reports the upload's progress as it goes (fetch
// cannot), then reads the route's envelope: its data, or rejects with its error (EnvelopeError), which
// forms show as they show any server error.
import { EnvelopeError, envelopeErrorOf, UNREACHABLE_MESSAGE } from "./errors";

/** `onProgress(fraction)` while the body is being sent, from 0 to 1; the server then works on it. */
export function uploadForm<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.upload.addEventListener("load", () => onProgress(1));
    request.addEventListener("load", () => {
      const body = request.response as { data?: T } | null;
      if (request.status >= 200 && request.status < 300 && body && "data" in body) return resolve(body.data as T);
      const fallback = request.status === 413 ? "The file is too large." : "Something went wrong on our side. Please try again.";
      reject(new EnvelopeError(envelopeErrorOf(body, fallback)));
    });
    request.addEventListener("error", () => reject(new EnvelopeError({ code: "network_error", message: UNREACHABLE_MESSAGE, details: [] })));
    request.send(form);
  });
}
