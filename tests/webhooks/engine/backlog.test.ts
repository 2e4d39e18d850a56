// One organization's huge queue (issue 30 item 10: 900,000 deliveries queued in 20 s) must not delay
// another organization's deliveries, and nothing the claim or the fan-out reads may grow with it. An
// organization's backlog is written in SQL here (30,000 due deliveries over 10 endpoints and 20,000
// events still to fan out, with their history fanned out already), the statistics refreshed as
// autovacuum would, and then: the other organization's delivery is in the very next claim and its
// event in the next fan-out batches (turns, not time), and the statements' plans, run with EXPLAIN
// ANALYZE, read a bounded number of rows, never the queue.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, Prisma, type Tx } from "@/server/db";
import { claimStatement, claimDueDeliveries, lockOrganizationsStatement } from "@/server/webhooks/claim";
import { fanOutEvents, fanOutStatement } from "@/server/webhooks/fan-out";
import { enqueueEvent } from "@/server/webhooks/enqueue";
import { createEndpoint, createOrganization, timeLogData, useEngineEnvironment } from "../../harness/webhook-engine";

// The backlog is written once for the file and kept between its tests (no per-test clean-up).
useEngineEnvironment();
const db = await getDb();

const ENDPOINTS = 10;
const EVENTS_PER_ENDPOINT = 3_000; // 30,000 due deliveries
const WAITING_EVENTS = 20_000; // still to fan out
const limits = { endpointMaxInFlight: 4, organizationMaxInFlight: 8 };

/** What an EXPLAIN ANALYZE says a statement read from a table: rows returned and filtered out by its scans, and whether any scan was sequential. */
interface TableReads {
  rows: number;
  sequentialScans: number;
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

function readsOf(node: PlanNode, table: string, into: TableReads = { rows: 0, sequentialScans: 0 }): TableReads {
  if (node["Relation Name"] === table) {
    // EXPLAIN gives per-loop averages.
    const perLoop = (node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
    into.rows += perLoop * (node["Actual Loops"] ?? 1);
    if (node["Node Type"] === "Seq Scan") into.sequentialScans += 1;
  }
  for (const child of node.Plans ?? []) readsOf(child, table, into);
  return into;
}

class RolledBack extends Error {}

/** Runs the statement under EXPLAIN ANALYZE in a transaction that is rolled back: what it read from `table`. */
async function explainReads(statement: Prisma.Sql, table: string): Promise<TableReads> {
  let plan: PlanNode | undefined;
  await db
    .$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`);
      const output = row!["QUERY PLAN"];
      plan = (typeof output === "string" ? JSON.parse(output) : output)[0].Plan;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return readsOf(plan!, table);
}

let noisy: string;
let quiet: string;

/** An event of the quiet organization through the outbox: one endpoint, so its delivery is written with it. */
async function quietDelivery(): Promise<string> {
  const { eventId } = await db.$transaction((tx) => enqueueEvent(tx, { organizationId: quiet, type: "time_log.created", data: timeLogData(quiet) }));
  return (await db.webhookDelivery.findFirstOrThrow({ where: { eventId }, select: { id: true } })).id;
}

/** The noisy organization's backlog, in a few statements: endpoint by endpoint, as a burst to one endpoint after another lands. */
async function writeBacklog(organizationId: string, endpointIds: string[]) {
  // Bulk writes, beyond the app pool's statement timeout on a busy machine.
  await db.$transaction((tx) => writeBacklogRows(tx, organizationId, endpointIds), { timeout: 600_000, maxWait: 60_000 });
  await db.$executeRaw`ANALYZE "WebhookEvent"`;
  await db.$executeRaw`ANALYZE "WebhookDelivery"`;
}

async function writeBacklogRows(database: Tx, organizationId: string, endpointIds: string[]) {
  await database.$executeRaw`SET LOCAL statement_timeout = 0`;
  await database.$executeRaw`
    INSERT INTO "WebhookEvent" ("id", "organizationId", "type", "payload", "createdAt", "fannedOutAt")
    SELECT 'evt_backlog_' || lpad(i::text, 6, '0'), ${organizationId}, 'time_log.created', '{}', now() - interval '2 hours' + i * interval '1 millisecond', now()
    FROM generate_series(1, ${EVENTS_PER_ENDPOINT}::int) AS i`;
  await database.$executeRaw`
    INSERT INTO "WebhookDelivery" ("id", "organizationId", "endpointId", "eventId", "eventType", "createdAt", "nextAttemptAt")
    SELECT 'dlv_backlog_' || e.n || '_' || lpad(i::text, 6, '0'), ${organizationId}, e.id, 'evt_backlog_' || lpad(i::text, 6, '0'), 'time_log.created',
      now() - interval '1 hour', now() - interval '1 hour' + i * interval '1 millisecond'
    FROM unnest(${endpointIds}::text[]) WITH ORDINALITY AS e(id, n), generate_series(1, ${EVENTS_PER_ENDPOINT}::int) AS i
    ORDER BY e.n, i`;
  await database.$executeRaw`
    INSERT INTO "WebhookEvent" ("id", "organizationId", "type", "payload", "createdAt")
    SELECT 'evt_waiting_' || lpad(i::text, 6, '0'), ${organizationId}, 'time_log.created', '{}', now() - interval '30 minutes' + i * interval '1 millisecond'
    FROM generate_series(1, ${WAITING_EVENTS}::int) AS i`;
}

beforeAll(async () => {
  noisy = await createOrganization(db, "Noisy");
  quiet = await createOrganization(db, "Quiet");
  const endpoints = [];
  for (let index = 0; index < ENDPOINTS; index += 1) endpoints.push(await createEndpoint(db, noisy, `https://noisy.example.com/${index}`));
  await db.webhookEndpoint.updateMany({ where: { organizationId: noisy }, data: { createdAt: new Date(Date.now() - 86_400_000) } });
  await writeBacklog(noisy, endpoints.map((endpoint) => endpoint.id));
  await createEndpoint(db, quiet, "https://quiet.example.com/hook");
}, 300_000);

describe("one organization's huge queue", () => {
  it("does not hold back another organization's delivery: it is in the very next claim, however small", async () => {
    const quietDeliveryId = await quietDelivery();
    expect(await db.webhookDelivery.count({ where: { organizationId: noisy, status: "pending" } })).toBe(ENDPOINTS * EVENTS_PER_ENDPOINT);
    const claimed = await claimDueDeliveries(db, { limit: 2, leaseMs: 60_000, limits });
    expect(claimed.map((row) => row.deliveryId)).toContain(quietDeliveryId);
    expect(claimed.map((row) => row.organizationId).sort()).toEqual([noisy, quiet].sort());
    await db.webhookDelivery.updateMany({ where: { id: { in: claimed.map((row) => row.deliveryId) } }, data: { leaseUntil: null, leasedBy: null } });
  });

  it("claims by index: neither claim statement reads more than a few rows per endpoint of the 30,000 queued", async () => {
    const now = new Date();
    const locking = await explainReads(lockOrganizationsStatement(now, limits, 16), "WebhookDelivery");
    const claiming = await explainReads(
      claimStatement(now, limits, { limit: 16, leaseUntil: new Date(now.getTime() + 60_000).toISOString(), organizationIds: [noisy, quiet] }),
      "WebhookDelivery",
    );
    for (const reads of [locking, claiming]) {
      expect(reads.sequentialScans).toBe(0);
      // Per endpoint: its attempts in flight, its oldest due (4 at most per claim), its manual attempts.
      expect(reads.rows).toBeLessThanOrEqual(40 * (ENDPOINTS + 1));
    }
  });

  it("fans out another organization's event within the next two batches, while 20,000 of one organization's wait", async () => {
    // Written as a large transaction's events are: left to the worker's batches.
    const quietEventId = "evt_quiet_waiting";
    await db.webhookEvent.create({ data: { id: quietEventId, organizationId: quiet, type: "time_log.created", payload: "{}", createdAt: new Date() } });
    expect(await db.webhookEvent.findUniqueOrThrow({ where: { id: quietEventId }, select: { fannedOutAt: true } })).toEqual({ fannedOutAt: null });
    const served: string[] = [];
    for (let batch = 0; batch < 2; batch += 1) served.push((await fanOutEvents(db, { batchRows: 500 }))!.organizationId);
    expect(served).toContain(quiet);
    expect(await db.webhookEvent.findUniqueOrThrow({ where: { id: quietEventId }, select: { fannedOutAt: true } })).not.toEqual({ fannedOutAt: null });
    expect(await db.webhookEvent.count({ where: { organizationId: noisy, fannedOutAt: null } })).toBeGreaterThan(WAITING_EVENTS - 2 * 50);
  });

  it("fans out by index: a batch reads its own events and one probe per waiting organization, not the backlog or the history", async () => {
    const reads = await explainReads(fanOutStatement(new Date().toISOString(), 500), "WebhookEvent");
    expect(reads.sequentialScans).toBe(0);
    // A batch of 500 rows over 10 endpoints is 50 events: locked, then marked; plus the organizations' probes.
    expect(reads.rows).toBeLessThanOrEqual(300);
  });
});
