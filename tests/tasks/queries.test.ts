// Reading tasks costs a fixed number of queries however many tasks a page holds: one statement for the
// page with its checklists and comments embedded, never one per task.
import { expect, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { getDatabase, getDb } from "@/server/db";
import { listTasks } from "@/server/services/tasks/tasks";
import { signUpOrganization } from "../harness/factories";


it("lists a page of tasks with their subtasks and comments in one statement, whatever the page size", async () => {
  const admin = await signUpOrganization();
  const organizationId = admin.organizationId;
  const db = await getDb();
  for (let index = 0; index < 30; index++) {
    await db.task.create({
      data: {
        organizationId,
        title: `task ${index}`,
        subtasks: { create: [0, 1].map((position) => ({ organizationId, title: `s${position}`, position })) },
        comments: { create: [{ organizationId, body: "c" }] },
      },
    });
  }
  // A second client on the same database, logging every statement it sends. It shares the adapter's
  // pool, which the file's own client closes at the end: this one is never disconnected by itself.
  const client = new PrismaClient({ adapter: (await getDatabase()).adapterFactory, log: [{ emit: "event", level: "query" }] });
  const statements: string[] = [];
  client.$on("query", (event) => statements.push(event.query));

  for (const limit of [1, 10, 30]) {
    statements.length = 0;
    const page = await listTasks(client, { organizationId }, { limit });
    expect(page.items).toHaveLength(limit);
    expect(page.items.every((task) => task.subtasks.length === 2 && task.comments.length === 1)).toBe(true);
    expect(statements, statements.join("\n")).toHaveLength(1);
    // The task and each embedded row are scoped to the organization in the statement itself.
    expect(statements[0]!.match(/"organizationId" = \$\d+/g)).toHaveLength(3);
  }
});
