// Where to go after signing in: the `next` the app sent the person here with, if it is one of our
// own paths (never another site: `//evil.example` and `/\evil` are refused).
export function safeNextPath(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/timer";
  return value;
}
