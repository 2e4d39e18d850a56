// What the web app's forms read besides numbers and durations (those: src/lib/numbers.ts, src/lib/duration.ts): tags.

/** Splits `design, client call ,` into trimmed, non-empty tags. */
export function parseTagsInput(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}
