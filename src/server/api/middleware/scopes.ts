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
