// Joins class names, skipping the false and empty ones: `cn("base", isOpen && "open", className)`.
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
