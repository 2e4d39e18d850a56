// The scope checkboxes, grouped by the resource before the colon under its name in the app's words
// ("Projects" for the API's constellations); each box keeps the contract's scope string as its label.
// `*` (everything) stands alone.
import { SCOPES } from "@/server/auth/scopes";
import type { CheckboxGroupSection } from "@/components/ui";

/** A scope's resource as people call it; the scope strings themselves are the contract's. */
const RESOURCE_NAMES: Record<string, string> = {
  tasks: "Tasks",
  "time-logs": "Time logs",
  customers: "Customers",
  constellations: "Projects",
  events: "Events",
  reports: "Reports",
  audit: "Audit log",
};

export function scopeSections(scopes: readonly string[] = SCOPES): CheckboxGroupSection[] {
  const sections = new Map<string, CheckboxGroupSection>();
  for (const scope of scopes) {
    const resource = scope.includes(":") ? scope.slice(0, scope.indexOf(":")) : "*";
    const title = resource === "*" ? "All resources" : (RESOURCE_NAMES[resource] ?? resource);
    const section = sections.get(title) ?? { title, options: [] };
    section.options.push({ value: scope, label: scope });
    sections.set(title, section);
  }
  return [...sections.values()];
}
