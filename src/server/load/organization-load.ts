// Request work per organization (BOUNDS.organizationRequests): at most ORGANIZATION_MAX_CONCURRENT_REQUESTS
// of one organization's requests (public API, in-app routes, tRPC calls) run at once in this process,
// and ORGANIZATION_REQUEST_QUEUE wait; beyond, 429 with Retry-After at once. One tenant's burst then
// holds at most that many of the process's database connections, whatever its keys' hourly limits.
// The work's statements take turns on the embedded database as this organization's (database-turns.ts).
import { BOUNDS } from "@/server/load/bounds";
import { keyedConcurrencyLimit, type ConcurrencyLimit } from "@/server/load/concurrency";
import { asOrganization } from "@/server/load/database-turns";
import { processState } from "@/server/process-state";

/** Organizations with requests running or waiting; an idle organization's entry is dropped. */
const limits = keyedConcurrencyLimit(BOUNDS.organizationRequests, processState("organizationLimits", () => new Map<string, ConcurrencyLimit>()));

export const organizationsUnderLoad = () => limits.size();

export function withinOrganizationLimit<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
  return limits.run(organizationId, () => asOrganization(organizationId, work));
}
