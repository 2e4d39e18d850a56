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
  "*",
] as const;

export type Scope = (typeof SCOPES)[number];

/** Wildcards match by prefix: `tasks:*` grants `tasks:read`; `*` grants everything. */
export function scopeGrants(granted: readonly string[], required: Scope): boolean {
  return granted.some((scope) => scope === required || scope === "*" || (scope.endsWith(":*") && required.startsWith(scope.slice(0, -1))));
}

/** The first required scope the key lacks, or undefined. */
export function missingScope(granted: readonly string[], required: readonly Scope[]): Scope | undefined {
  return required.find((scope) => !scopeGrants(granted, scope));
}
