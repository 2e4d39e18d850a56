// The hint under every new-password field, from the server's limits.
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/limits";

export const PASSWORD_HINT = `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`;
