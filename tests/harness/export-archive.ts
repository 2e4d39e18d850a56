// Downloading the export archive through its route and reading its files back (with yauzl).
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import type { SignedInUser } from "./factories";
import { BASE_URL, dispatch } from "./http";

/** The raw response: the test client reads bodies as text, which a ZIP is not. */
export function downloadExport(user: SignedInUser): Promise<Response> {
  return dispatch(new Request(new URL("/api/app/export", BASE_URL), { headers: { cookie: `tt_session=${user.client.cookie("tt_session")}` } }));
}

/** Every file of the archive as UTF-8 text, in archive order. */
export async function unzipTexts(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<ZipFile>((resolve, reject) => fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))));
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          files.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
          zip.readEntry();
        });
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return files;
}
