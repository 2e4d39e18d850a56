// What a person types for a duration: `1:30`, `1h 30m`, `90m`, `1.5h`, `2h`, `45` (minutes).
// Returns whole seconds, or null when the text is not a duration.
export function parseDurationInput(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (!value) return null;
  let match = value.match(/^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/);
  if (match) return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
  match = value.match(/^(?:(\d+(?:[.,]\d+)?)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/);
  if (match && (match[1] || match[2])) return Math.round(Number((match[1] ?? "0").replace(",", ".")) * 3600) + Number(match[2] ?? 0) * 60;
  match = value.match(/^\d+$/);
  if (match) return Number(value) * 60;
  return null;
}

/** Splits `design, client call ,` into trimmed, non-empty tags. */
export function parseTagsInput(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}
