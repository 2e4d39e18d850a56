// GET /api/v1/reports/time: the web app's time report for an API key (scope reports:read), the same
// figures as the in-app report for the same query, in the v1 envelope, admitted like every route.
import { describe, expect, it } from "vitest";
import { addMember, apiClient, createApiKey, insertCustomer, insertTask, insertTimeLog, signUpOrganization, type SignedInUser } from "../harness/factories";
import { getDb } from "@/server/db";
import { expectMatchesOpenApi } from "../harness/openapi";
import { expectForbidden, expectValidationError } from "../harness/resource-lists";

const RANGE = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
const query = (parameters: Record<string, string>) => new URLSearchParams({ ...RANGE, ...parameters }).toString();

/** A pro organization with two members' time for two customers (one with tax and rounding), a project, a task and a tag. */
async function teamWithMixedTime() {
  const admin = await signUpOrganization({ plan: "pro" });
  const member = await addMember(admin);
  const db = await getDb();
  const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000, currency: "EUR", taxRateBps: 1_900 });
  const initech = await insertCustomer(admin.organizationId, { name: "Initech", hourlyRateCents: 6_000, currency: "USD", roundingIncrementMinutes: 15, roundingMode: "up" });
  const relaunch = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: globex.id } });
  const task = await insertTask(admin.organizationId, { title: "Landing page", primaryConstellationId: relaunch.id });
  await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 3_600, customerId: globex.id, constellationId: relaunch.id, taskId: task.id, tags: ["design"] });
  await insertTimeLog(member, { startedAt: "2026-03-03T23:30:00Z", durationSeconds: 1_800, customerId: globex.id, isBillable: false });
  await insertTimeLog(member, { startedAt: "2026-03-09T10:00:00Z", durationSeconds: 60, customerId: initech.id });
  await insertTimeLog(admin, { startedAt: "2026-03-15T22:30:00Z", durationSeconds: 900, tags: ["design"] });
  await insertTimeLog(admin, { startedAt: "2026-03-06T10:00:00Z", durationSeconds: 99_999, customerId: globex.id, deletedAt: new Date() });
  const { key } = await createApiKey(admin, ["reports:read"]);
  return { admin, member, api: apiClient(key), globex, initech, relaunch, task };
}

/** Cost and margin are the web app's, for its admins (they rest on members' cost rates); the API's report leaves them out. */
function withoutCosts<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutCosts) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== "costCents" && name !== "marginCents").map(([name, inner]) => [name, withoutCosts(inner)])) as T;
  }
  return value;
}

async function webReport(user: SignedInUser, parameters: Record<string, string>) {
  const response = await user.client.get(`/api/app/reports/time?${query(parameters)}`);
  expect(response.status, response.text).toBe(200);
  return withoutCosts(response.body.data);
}

describe("GET /api/v1/reports/time", () => {
  it("answers the web app's report for the same query, every grouping and filter, in the envelope and as documented", async () => {
    const team = await teamWithMixedTime();
    const stranger = await signUpOrganization({ plan: "pro" });
    await insertTimeLog(stranger, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 50_000 });

    const queries: Array<Record<string, string>> = [
      { groupBy: "customer,project" },
      { groupBy: "member,week" },
      { groupBy: "day" },
      { groupBy: "task,customer" },
      { groupBy: "project", customerId: team.globex.id },
      { groupBy: "customer", userId: team.member.userId },
      { groupBy: "member", isBillable: "true" },
      { groupBy: "week,member", tag: "design" },
      { groupBy: "customer", invoiced: "false", taskId: team.task.id, projectId: team.relaunch.id },
    ];
    for (const parameters of queries) {
      const response = await team.api.get(`/api/v1/reports/time?${query(parameters)}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data, JSON.stringify(parameters)).toEqual(await webReport(team.admin, parameters));
      expect(response.body.meta).toMatchObject({ apiVersion: "v1", rateLimit: { limit: 1000 } });
      expect(response.headers.get("ratelimit-limit")).toBe("1000");
      await expectMatchesOpenApi("GET", "/api/v1/reports/time", response);
    }

    const byCustomer = (await team.api.get(`/api/v1/reports/time?${query({ groupBy: "customer" })}`)).body.data;
    // Deleted logs and other organizations' time are left out; amounts are the organization's, as an admin sees them.
    expect(byCustomer.totals).toEqual({
      seconds: 6_360,
      billableSeconds: 4_560,
      billedSeconds: 5_400,
      amounts: [
        { currency: "EUR", amountCents: 10_000, taxCents: 1_900 },
        { currency: "USD", amountCents: 1_500, taxCents: 0 },
      ],
    });
    expect(byCustomer.groups.map((group: { label: string }) => group.label)).toEqual(["Globex", "Initech", "No customer"]);
  });

  it("sees the organization whoever made the key: a member's web report is their own, the key's is everyone's", async () => {
    const team = await teamWithMixedTime();
    const own = await webReport(team.member, { groupBy: "member" });
    expect(own.groups.map((group: { key: string }) => group.key)).toEqual([team.member.userId]);
    expect(own.totals.amounts).toEqual([]);
    const response = await team.api.get(`/api/v1/reports/time?${query({ groupBy: "member" })}`);
    expect(response.body.data.groups.map((group: { key: string }) => group.key).sort()).toEqual([team.admin.userId, team.member.userId].sort());
    expect(response.body.data.totals.amounts).not.toEqual([]);
  });

  it("counts days and weeks in the zone and week start it is given, as the web app does for a person with those preferences", async () => {
    const team = await teamWithMixedTime();
    const preferences = await team.admin.client.patch("/api/app/me/preferences", { timeZone: "Europe/Berlin", weekStart: "sunday" });
    expect(preferences.status, preferences.text).toBe(200);
    for (const groupBy of ["day", "week,customer"]) {
      const response = await team.api.get(`/api/v1/reports/time?${query({ groupBy, timeZone: "Europe/Berlin", weekStart: "sunday" })}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual(await webReport(team.admin, { groupBy }));
    }
    // 23:30 UTC on 3 March is 4 March in Berlin; in UTC (the default) it stays on the 3rd.
    const berlin = await team.api.get(`/api/v1/reports/time?${query({ groupBy: "day", timeZone: "Europe/Berlin" })}`);
    const utc = await team.api.get(`/api/v1/reports/time?${query({ groupBy: "day" })}`);
    expect(berlin.body.data.groups.map((group: { key: string }) => group.key)).toContain("2026-03-04");
    expect(utc.body.data.timeZone).toBe("UTC");
    expect(utc.body.data.groups.map((group: { key: string }) => group.key)).toEqual(["2026-03-02", "2026-03-03", "2026-03-09", "2026-03-15"]);
  });

  it("needs reports:read (granted by *), a plan with API access, and refuses a bad query naming the field", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const tasksOnly = apiClient((await createApiKey(admin, ["tasks:read", "events:read"])).key);
    expectForbidden(await tasksOnly.get(`/api/v1/reports/time?${query({ groupBy: "customer" })}`), "reports:read");
    const everything = apiClient((await createApiKey(admin, ["*"])).key);
    expect((await everything.get(`/api/v1/reports/time?${query({ groupBy: "customer" })}`)).status).toBe(200);

    expectValidationError(await everything.get(`/api/v1/reports/time?${query({})}`), "groupBy");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "client" })}`), "groupBy");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day,day" })}`), "groupBy");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day", to: "2026-02-01T00:00:00.000Z" })}`), "to");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day", from: "yesterday" })}`), "from");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day", isBillable: "yes" })}`), "isBillable");
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day", timeZone: "Mars/Olympus" })}`), "timeZone");
    // `format` is the web app's; over the API the report is JSON only.
    expectValidationError(await everything.get(`/api/v1/reports/time?${query({ groupBy: "day", format: "csv" })}`), "format");

    const unauthenticated = await apiClient("sk_" + "0".repeat(64)).get(`/api/v1/reports/time?${query({ groupBy: "day" })}`);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("www-authenticate")).toMatch(/^Bearer/);

    const downgraded = await admin.client.put("/api/app/organization/plan", { plan: "free" });
    expect(downgraded.status, downgraded.text).toBe(200);
    const refused = await everything.get(`/api/v1/reports/time?${query({ groupBy: "customer" })}`);
    expect(refused.status, refused.text).toBe(402);
    expect(refused.body.error).toBe("plan_required");
  });

  it("is rate-limited like every route", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const api = apiClient((await createApiKey(admin, ["reports:read"], { rateLimitPerHour: 2 })).key);
    for (const remaining of ["1", "0"]) {
      const response = await api.get(`/api/v1/reports/time?${query({ groupBy: "day" })}`);
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe(remaining);
    }
    const limited = await api.get(`/api/v1/reports/time?${query({ groupBy: "day" })}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("rate_limit_exceeded");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
