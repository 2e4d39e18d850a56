// Ids a task body points at must belong to the caller's organization. Each is a body reference, so an
// unknown or foreign one is a 400 naming its field (contract 4.2 rule 3), never a 404.
import type { DbClient } from "@/server/db";
import type { CreateTaskInput } from "@/server/contract/task";
import { invalidFields, unknownReference, type ErrorDetail } from "@/server/errors";

export type TaskReferences = Pick<CreateTaskInput, "assigneeId" | "customerId" | "constellationId">;

/** Checks every given reference at once and reports all the invalid ones together; a body naming none costs no promise. */
export function assertTaskReferences(db: DbClient, organizationId: string, references: TaskReferences): Promise<void> | undefined {
  const { assigneeId, customerId, constellationId } = references;
  if (!assigneeId && !customerId && !constellationId) return undefined;
  return assertReferencesExist(db, organizationId, references);
}

async function assertReferencesExist(db: DbClient, organizationId: string, { assigneeId, customerId, constellationId }: TaskReferences): Promise<void> {
  const [assignee, customer, constellation] = await Promise.all([
    assigneeId ? db.user.findFirst({ where: { id: assigneeId, organizationId }, select: { id: true } }) : undefined,
    customerId ? db.customer.findFirst({ where: { id: customerId, organizationId }, select: { id: true } }) : undefined,
    constellationId ? db.constellation.findFirst({ where: { id: constellationId, organizationId }, select: { id: true } }) : undefined,
  ]);
  const details: ErrorDetail[] = [];
  if (assigneeId && !assignee) details.push(unknownReference("assigneeId", "member"));
  if (customerId && !customer) details.push(unknownReference("customerId", "customer"));
  if (constellationId && !constellation) details.push(unknownReference("constellationId", "project"));
  if (details.length) throw invalidFields(details);
}
