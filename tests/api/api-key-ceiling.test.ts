// The plan's ceiling on API keys' hourly limits: an organization's active keys together are granted
// at most PLAN_API_HOURLY_CEILING requests an hour, so more keys do not multiply the plan.
import { describe, expect, it } from "vitest";
import { PLAN_API_HOURLY_CEILING } from "@/server/auth/plans";
import { signUpOrganization } from "../harness/factories";

const CEILING = PLAN_API_HOURLY_CEILING.pro;

describe("POST /api/app/api-keys: the plan's hourly ceiling", () => {
  it("refuses a key whose limit does not fit beside the other active keys (409 on rateLimitPerHour); revoking makes room", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const create = (rateLimitPerHour: number) => admin.client.post("/api/app/api-keys", { name: `k${rateLimitPerHour}`, scopes: ["tasks:read"], rateLimitPerHour });
    const big = await create(CEILING * 0.6);
    expect(big.status, big.text).toBe(201);
    const over = await create(CEILING * 0.5);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: "conflict", details: [{ field: "rateLimitPerHour", message: expect.stringContaining((CEILING * 0.4).toLocaleString("en")) }] });
    expect((await create(CEILING * 0.4)).status).toBe(201);
    expect((await create(1)).status).toBe(409);
    expect((await admin.client.delete(`/api/app/api-keys/${big.body.data.id}`)).status).toBe(200);
    expect((await create(CEILING * 0.6)).status).toBe(201);
  });

  it("lets only one of two concurrent creations take the last room", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const create = () => admin.client.post("/api/app/api-keys", { name: "half+", scopes: ["tasks:read"], rateLimitPerHour: CEILING / 2 + 1 });
    const statuses = (await Promise.all([create(), create()])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409]);
  });
});
