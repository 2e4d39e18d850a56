// Limits shared by the tRPC endpoint and the web app's client.

/** The most calls one /api/trpc batch request may carry; the client splits larger batches. */
export const TRPC_MAX_BATCH_SIZE = 10;
