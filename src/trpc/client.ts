// The web app's tRPC client: plain promises over /api/trpc, typed by the server's router.
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "@/server/api/root";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/limits";

export interface ApiClientOptions {
  /** Absolute URL outside the browser; the browser resolves the relative default itself. */
  url?: string;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient(options: ApiClientOptions = {}) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: options.url ?? "/api/trpc", fetch: options.fetch, maxItems: TRPC_MAX_BATCH_SIZE })],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Shared by the browser's components; holds no state besides its configuration. */
export const api = createApiClient();
