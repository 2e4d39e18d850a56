// Limits of tasks (contract section 8, app-api section 6).

/** Checklist items in one task create, one PATCH, or one append call. */
export const MAX_SUBTASKS_PER_CALL = 100;

export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** Task writes are short, but on the embedded database transactions queue behind each other. */
export const TASK_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;
