// Transaction settings of time tracking (its limits are in src/server/lib/limits.ts).

/**
 * A 500-entry sync writes a few thousand rows in one transaction, and on the embedded database
 * transactions queue behind each other: allow for both.
 */
export const WRITE_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;
