// A PDF read back as text, as a person or a checker reads it: Mozilla's PDF.js extracts each page's
// text, joined into lines by their position on the page (top to bottom, left to right).
import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The standard fonts' metrics PDF.js reads for text drawn in Helvetica (pdfkit's built-in fonts). */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

interface PositionedText {
  str: string;
  transform: number[];
}

/** Each page's lines of text. */
export async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const lines = new Map<number, PositionedText[]>();
    for (const item of content.items as PositionedText[]) {
      if (!("str" in item) || item.str === "") continue;
      const y = Math.round(item.transform[5]!);
      lines.set(y, [...(lines.get(y) ?? []), item]);
    }
    pages.push(
      [...lines.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, items]) => items.sort((a, b) => a.transform[4]! - b.transform[4]!).map((item) => item.str).join(" ").replace(/\s+/g, " ").trim()),
    );
  }
  await document.destroy();
  return pages;
}

/** The whole document's text, a line per line. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).flat().join("\n");
