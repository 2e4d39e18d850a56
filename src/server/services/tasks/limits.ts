// Transaction settings of tasks (their limits are in src/server/lib/limits.ts).

/** Task writes are short, but on the embedded database transactions queue behind each other. */
export const TASK_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;
