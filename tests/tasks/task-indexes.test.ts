// A task is written to every index of its table, so the lists that filter on a column most tasks leave
// empty (assignee, customer, project) or on deletion keep partial indexes: a new, unassigned task is
// not written to them (task creation is the public API's hottest write), and the filters still read
// them, as a filter on a value implies the column is set.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { planOf } from "../harness/query-plans";

const PARTIAL = {
  Task_organizationId_assigneeId_createdAt_id_idx: `"assigneeId" IS NOT NULL`,
  Task_organizationId_customerId_createdAt_id_idx: `"customerId" IS NOT NULL`,
  Task_organizationId_deletedAt_id_idx: `"deletedAt" IS NOT NULL`,
  Task_organizationId_primaryConstellationId_idx: `"primaryConstellationId" IS NOT NULL`,
};

describe("the task table's partial indexes", () => {
  it("hold only the tasks whose column is set", async () => {
    const db = await getDb();
    const indexes = await db.$queryRaw<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Task' AND indexname = ANY(${Object.keys(PARTIAL)}::text[]) ORDER BY indexname`;
    expect(indexes.map((index) => index.indexname)).toEqual(Object.keys(PARTIAL));
    for (const index of indexes) expect(index.indexdef).toContain(`WHERE (${PARTIAL[index.indexname as keyof typeof PARTIAL]})`);
  });

  it.each([
    ["the assignee filter", `"assigneeId" = 'user_1' AND "deletedAt" IS NULL ORDER BY "createdAt" DESC, "id" DESC`, "Task_organizationId_assigneeId_createdAt_id_idx"],
    ["the customer filter", `"customerId" = 'customer_1' AND "deletedAt" IS NULL ORDER BY "createdAt" DESC, "id" DESC`, "Task_organizationId_customerId_createdAt_id_idx"],
    ["the deleted tasks, oldest first", `"deletedAt" IS NOT NULL AND "deletedAt" >= '2026-01-01' ORDER BY "deletedAt", "id"`, "Task_organizationId_deletedAt_id_idx"],
  ])("serve %s", async (_name, condition, index) => {
    expect(await planOf(`SELECT "id" FROM "Task" WHERE "organizationId" = 'org_1' AND ${condition} LIMIT 50`)).toContain(index);
  });
});
