// How long each kind of write transaction may wait for its turn and then run, in one place. On the
// embedded database transactions queue behind each other (one connection), so every wait allows for a queue.

/** Time tracking's writes: a 500-entry sync writes a few thousand rows in one transaction. */
export const TIME_LOG_TRANSACTION = { maxWait: 30_000, timeout: 120_000 } as const;

/** Task writes are short. */
export const TASK_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

/** Creating an invoice. */
export const INVOICE_TRANSACTION = { maxWait: 30_000, timeout: 60_000 } as const;

/**
 * The PostgreSQL transaction that writes an import's commit: it reads the file again inside it, so allow
 * for a slow machine. The documented maximum's write took 32 s on a shared 2-core machine at load 18 (its
 * statements are bounded by the batch, each well inside the pool's statement timeout).
 */
export const IMPORT_TRANSACTION = { maxWait: 30_000, timeout: 300_000 } as const;
