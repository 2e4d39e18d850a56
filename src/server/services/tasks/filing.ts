// Filing a task under a project (contract 4.2 rules 3-5, app-api section 7): the task's primary
// project moves to it and the project's board gets a link. Board links are never removed here, so
// filing under another project keeps the old link, and re-filing adds no duplicate.
import type { Tx } from "@/server/db";

/** Adds the board link unless it exists; answers whether one was added. */
export async function linkToBoard(tx: Tx, organizationId: string, taskId: string, constellationId: string): Promise<boolean> {
  const { count } = await tx.constellationTask.createMany({ data: [{ organizationId, taskId, constellationId }], skipDuplicates: true });
  return count > 0;
}
