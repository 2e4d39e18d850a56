// Operation descriptions are short Markdown: paragraphs, "-" lists, `code` and **bold**. This renders
// exactly that subset as React elements (never as HTML), so a document cannot inject markup.
import type { ReactNode } from "react";

type Block = { kind: "paragraph" | "list"; lines: string[] };

const LIST_ITEM = /^\s*[-*]\s+/;

/** `code` and **bold** inside one line of text. */
export function inlineMarkdown(line: string): ReactNode[] {
  return line.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, index) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) return <code key={index}>{part.slice(1, -1)}</code>;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return <strong key={index}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

/** Blank lines end a block; a run of list items is a list even without blank lines around it. */
export function toBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of source.replace(/\r\n/g, "\n").split("\n")) {
    if (!line.trim()) {
      current = null;
      continue;
    }
    const kind = LIST_ITEM.test(line) ? "list" : "paragraph";
    if (!current || current.kind !== kind) {
      current = { kind, lines: [] };
      blocks.push(current);
    }
    current.lines.push(kind === "list" ? line.replace(LIST_ITEM, "") : line.trim());
  }
  return blocks;
}

export function PlainMarkdown({ source }: { source: string }) {
  return (
    <div className="[&_p]:mt-0 [&_p]:mb-[0.6em] [&_ul]:mt-0 [&_ul]:mb-[0.6em] [&_ul]:pl-5">
      {toBlocks(source).map((block, index) =>
        block.kind === "list" ? (
          <ul key={index}>
            {block.lines.map((line, item) => (
              <li key={item}>{inlineMarkdown(line)}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>
            {block.lines.map((line, item) => (
              <span key={item}>
                {item > 0 && <br />}
                {inlineMarkdown(line)}
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
