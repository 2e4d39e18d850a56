// The audit entry Orbit itself writes: an endpoint the engine disables (410 Gone) gets its
// `webhook_endpoint.disabled` entry with actor `system`, in the statement that disables it.
import { describe, expect, it } from "vitest";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { createEndpoint, createOrganization, emit, useEngineDatabase } from "../harness/webhook-engine";
import { useReceivers } from "../harness/receiver";

const receiver = useReceivers();
const { db } = await useEngineDatabase();

describe("a system audit entry", () => {
  it("records the engine disabling a failing endpoint, once, as Orbit", { timeout: 120_000 }, async () => {
    const hook = await receiver(() => ({ status: 410, body: "gone" }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url(), { consecutiveFailures: 2 });
    await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { concurrency: 1 })).toMatchObject({ failed: 1 });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ isActive: false });

    const entries = await db.auditEvent.findMany({ where: { organizationId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "webhook_endpoint.disabled",
      actorType: "system",
      actorId: null,
      actorName: "Orbit",
      targetType: "webhook_endpoint",
      targetId: endpoint.id,
      targetLabel: endpoint.url,
      metadata: { reason: "gone", consecutiveFailures: 3 },
    });
    expect(entries[0]!.id).toMatch(/^aud_[0-9a-f]{32}$/);

    // A delivery to a disabled endpoint records nothing more.
    await emit(db, organizationId);
    await drainDueDeliveries(db, { concurrency: 1 });
    expect(await db.auditEvent.count({ where: { organizationId } })).toBe(1);
  });
});
