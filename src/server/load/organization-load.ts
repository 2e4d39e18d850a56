// Request work per organization: at most ORGANIZATION_MAX_CONCURRENT_REQUESTS of one organization's
// requests (public API, in-app routes, tRPC calls) run at once in this process, and
// ORGANIZATION_REQUEST_QUEUE wait; beyond, 429 with Retry-After at once. One tenant's burst then
// holds at most that many of the process's database connections, whatever its keys' hourly limits.
// The work's statements take turns on the embedded database as this organization's (load/database-turns.ts).
import { getEnv } from "@/env";
import { rateLimited } from "@/server/errors";
import { keyedConcurrencyLimit, QueueFullError, type ConcurrencyLimit } from "@/server/load/concurrency";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { asOrganization } from "@/server/load/database-turns";

/**
 * Organizations with requests running or waiting; an idle organization's entry is dropped. Kept on
 * globalThis: the server's /api/v1 path and Next's route bundles each load this module.
 */
const globalForLimits = globalThis as unknown as { orbitOrganizationLimits?: Map<string, ConcurrencyLimit> };
const limits = keyedConcurrencyLimit(
  { concurrency: () => getEnv().organizationMaxConcurrentRequests, queue: () => getEnv().organizationRequestQueue },
  (globalForLimits.orbitOrganizationLimits ??= new Map()),
);

export const organizationsUnderLoad = () => limits.size();

export async function withinOrganizationLimit<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await limits.run(organizationId, () => asOrganization(organizationId, work));
  } catch (error) {
    if (!(error instanceof QueueFullError)) throw error;
    recordRateLimitRejection("organization_concurrency");
    throw rateLimited(1, "Too many requests of this organization are running at once; retry after Retry-After seconds.");
  }
}
