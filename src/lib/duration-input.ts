// What the web app's forms read: a duration (by the one parser, src/lib/duration.ts) and tags.
import { parseDuration } from "./duration";

/** Whole seconds, or null when the text is not a duration (the parser's rules: `2` is two hours). */
export function parseDurationInput(text: string): number | null {
  const parsed = parseDuration(text);
  return parsed.ok ? parsed.seconds : null;
}

/** Splits `design, client call ,` into trimmed, non-empty tags. */
export function parseTagsInput(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}
