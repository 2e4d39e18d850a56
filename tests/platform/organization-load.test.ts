// One organization's burst of requests cannot take the whole process: at most
// ORGANIZATION_MAX_CONCURRENT_REQUESTS of its requests run at once (public API, in-app routes, tRPC),
// ORGANIZATION_REQUEST_QUEUE wait, the rest are 429 with Retry-After; other organizations are untouched.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { organizationsUnderLoad, withinOrganizationLimit } from "@/server/load/organization-load";
import { getDatabase } from "@/server/db";
import { turnOwnerOfCaller } from "@/server/load/database-turns";
import { apiOrganization, signUpOrganization } from "../harness/factories";

afterEach(() => {
  delete process.env.ORGANIZATION_MAX_CONCURRENT_REQUESTS;
  delete process.env.ORGANIZATION_REQUEST_QUEUE;
  resetEnvCache();
});

function boundTo(concurrent: number, queue: number) {
  Object.assign(process.env, { ORGANIZATION_MAX_CONCURRENT_REQUESTS: String(concurrent), ORGANIZATION_REQUEST_QUEUE: String(queue) });
  resetEnvCache();
}

describe("requests per organization", () => {
  it("refuses one organization's requests beyond the bound with 429 and Retry-After, on every edge, while another organization's all pass", { timeout: 120_000 }, async () => {
    const busy = await apiOrganization(["*"], { rateLimitPerHour: 1_000_000 });
    const quiet = await apiOrganization(["*"], { rateLimitPerHour: 1_000_000 });
    const quietUser = await signUpOrganization();
    boundTo(2, 1);

    const burst = [
      ...Array.from({ length: 12 }, () => busy.api.get("/api/v1/tasks?limit=100")),
      ...Array.from({ length: 6 }, () => busy.admin.client.get("/api/app/me")),
      ...Array.from({ length: 6 }, () => busy.admin.client.get("/api/trpc/auth.me")),
    ];
    const others = [...Array.from({ length: 3 }, () => quiet.api.get("/api/v1/tasks")), ...Array.from({ length: 3 }, () => quietUser.client.get("/api/app/me"))];
    const [busyResponses, otherResponses] = await Promise.all([Promise.all(burst), Promise.all(others)]);

    const refused = busyResponses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(busyResponses.filter((response) => ![200, 429].includes(response.status))).toEqual([]);
    for (const response of refused) expect(response.headers.get("retry-after")).toBe("1");
    // Which edge's requests meet the full bound depends on arrival; each is refused in its own shape.
    const errorCodeOf = (body: { error?: string | { data?: { appCode?: string } } } | undefined) => (typeof body?.error === "string" ? body.error : body?.error?.data?.appCode);
    for (const response of refused) expect(errorCodeOf(response.body), response.text).toBe("rate_limit_exceeded");
    expect(otherResponses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Nothing is kept for an organization once its requests are done.
    expect(organizationsUnderLoad()).toBe(0);
  });

  it("lets requests within the bound wait their turn instead of refusing them", { timeout: 120_000 }, async () => {
    const setup = await apiOrganization(["*"], { rateLimitPerHour: 1_000_000 });
    boundTo(1, 10);
    const responses = await Promise.all(Array.from({ length: 8 }, () => setup.api.get("/api/v1/tasks")));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
  });

  it("runs an organization's work in its turns on the embedded database's connection, and in none on PostgreSQL", async () => {
    const { kind } = await getDatabase();
    const { organizationId } = await signUpOrganization();
    const owner = await withinOrganizationLimit(organizationId, async () => turnOwnerOfCaller());
    expect(owner).toBe(kind === "pglite" ? `organization:${organizationId}` : "");
  });
});
