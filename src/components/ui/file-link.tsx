"use client";
// A file the server makes on request (a report's CSV or PDF, the audit log's CSV). Followed as a plain
// link, a refusal (a range past the export's limit, a session that ended) is a failed download with no
// reason; here the link is fetched, a file is saved under the server's name, and a refusal shows the
// server's words beside the link. Without JavaScript it stays a plain download link.
import { useState, type MouseEvent, type ReactNode } from "react";
import { saveFile } from "./save-file";
import { noticeClass } from "./styles";
import { cn } from "./cn";
import { envelopeErrorOf, UNREACHABLE_MESSAGE } from "@/trpc/errors";

const FAILED = "The file could not be made. Please try again.";

/** The file name of a `Content-Disposition: attachment; filename="…"` header. */
function fileNameOf(disposition: string | null): string | undefined {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1];
}

/** What a refused file request says, as a sentence: its field messages (its message names fields by their code names), else its message. */
async function refusalOf(response: Response): Promise<string> {
  const refusal = envelopeErrorOf(await response.json().catch(() => null), FAILED);
  const words = refusal.details.length ? refusal.details.map((detail) => detail.message).join(". ") : response.status < 500 ? refusal.message : FAILED;
  const sentence = words[0]!.toUpperCase() + words.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function FileLink({ href, fallbackName, className, children }: { href: string | undefined; fallbackName: string; className: string; children: ReactNode }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (!href || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    setRefusal(null);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) return setRefusal(await refusalOf(response));
      saveFile(fileNameOf(response.headers.get("content-disposition")) ?? fallbackName, await response.blob());
    } catch {
      setRefusal(UNREACHABLE_MESSAGE);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      <a className={className} href={href} aria-disabled={!href || undefined} aria-busy={isBusy || undefined} download onClick={(event) => void follow(event)}>
        {children}
      </a>
      {refusal && (
        <p className={cn(noticeClass("error"), "m-0 basis-full")} role="alert">
          {refusal}
        </p>
      )}
    </>
  );
}
