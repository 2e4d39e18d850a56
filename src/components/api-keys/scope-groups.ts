// The scope checkboxes, grouped by the resource before the colon; `*` (everything) stands alone.
import { SCOPES } from "@/server/auth/scopes";
import type { CheckboxGroupSection } from "@/components/ui";

export function scopeSections(scopes: readonly string[] = SCOPES): CheckboxGroupSection[] {
  const sections = new Map<string, CheckboxGroupSection>();
  for (const scope of scopes) {
    const title = scope.includes(":") ? scope.slice(0, scope.indexOf(":")) : "all resources";
    const section = sections.get(title) ?? { title, options: [] };
    section.options.push({ value: scope, label: scope });
    sections.set(title, section);
  }
  return [...sections.values()];
}
