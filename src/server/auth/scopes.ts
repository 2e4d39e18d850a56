// API-key scopes (contract section 5.2) and the one scope checker.

export const SCOPES = [
  "tasks:read",
  "tasks:write",
  "tasks:delete",
  "tasks:*",
  "time-logs:read",
  "customers:read",
  "customers:write",
  "customers:*",
  "constellations:read",
  "constellations:write",
  "constellations:*",
  "events:read",
  "reports:read",
  "audit:read",
  "*",
] as const;

export type Scope = (typeof SCOPES)[number];

/**
 * The scopes that grant `required`: itself, `*`, and the wildcard of each prefix (`tasks:*` grants
 * `tasks:read`). The one rule: checked here in TypeScript and, as an array overlap, by the public
 * API's admission statement.
 */
export function scopesGranting(required: Scope): string[] {
  const granting = [required, "*"];
  for (let index = required.indexOf(":"); index !== -1; index = required.indexOf(":", index + 1)) granting.push(`${required.slice(0, index)}:*`);
  return granting;
}

export function scopeGrants(granted: readonly string[], required: Scope): boolean {
  const granting = scopesGranting(required);
  return granted.some((scope) => granting.includes(scope));
}

/** The first required scope the key lacks, or undefined. */
export function missingScope(granted: readonly string[], required: readonly Scope[]): Scope | undefined {
  return required.find((scope) => !scopeGrants(granted, scope));
}

/** Each scope as a person reads it (the consent page, Settings → Apps). */
const SCOPE_WORDS: Record<string, string> = {
  "tasks:read": "Read tasks",
  "tasks:write": "Create and edit tasks",
  "tasks:delete": "Delete tasks",
  "tasks:*": "Read, create, edit and delete tasks",
  "time-logs:read": "Read time logs",
  "customers:read": "Read customers",
  "customers:write": "Create and edit customers",
  "customers:*": "Read, create and edit customers",
  "constellations:read": "Read projects",
  "constellations:write": "Create and edit projects",
  "constellations:*": "Read, create and edit projects",
  "events:read": "Read the events stream",
  "reports:read": "Read reports",
  "*": "Everything the API offers: read, create, edit and delete all of the organization's data",
};

export function scopeInWords(scope: string): string {
  return SCOPE_WORDS[scope] ?? scope;
}
