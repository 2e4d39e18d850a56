// Limits of time tracking (app-api sections 4 and 6).

/** Longest log: the 12-hour clamp of a timer and the ceiling of a synced duration. */
export const MAX_LOG_SECONDS = 12 * 60 * 60;

/** Tags per log or timer, and characters per tag. */
export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 50;

/** Characters of a log's or timer's description. */
export const MAX_DESCRIPTION_LENGTH = 500;

/** Entries per offline-sync request. */
export const MAX_SYNC_ENTRIES = 500;

/**
 * A 500-entry sync writes a few thousand rows in one transaction, and on the embedded database
 * transactions queue behind each other: allow for both.
 */
export const WRITE_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;
