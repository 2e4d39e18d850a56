// Public API step 3: the key must hold every scope the route needs (403 naming the missing scope).
import { AppError } from "@/server/errors";
import { missingScope, type Scope } from "@/server/auth/scopes";

export function assertScopes(granted: readonly string[], required: readonly Scope[]): void {
  const missing = missingScope(granted, required);
  if (missing) {
    throw new AppError("forbidden", `This API key lacks the required scope ${missing}.`, {
      details: [{ field: "permission", message: missing }],
    });
  }
}

/**
 * The conditional scopes a request needs: each whose field the raw body names (contract 4.2 rule 3:
 * filing a task under a project needs `constellations:write` too). Read before validation, so a key
 * without the scope gets its 403 before any 400.
 */
export async function conditionalScopesFor(declared: ReadonlyArray<{ scope: Scope; whenInputHas: string }>, getRawInput: () => Promise<unknown>): Promise<Scope[]> {
  const raw = await getRawInput().catch(() => undefined);
  if (typeof raw !== "object" || raw === null) return [];
  return declared.filter(({ whenInputHas }) => Object.hasOwn(raw, whenInputHas)).map(({ scope }) => scope);
}
