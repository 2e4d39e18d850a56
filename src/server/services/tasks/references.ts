// The ids a task body points at (its assignee, customer and project), each the organization's or a 400
// naming its field; all checked at once and reported together.
import type { DbClient } from "@/server/db";
import type { CreateTaskInput } from "@/server/contract/task";
import { invalidFields } from "@/server/errors";
import { unknownReferences, type BodyReference } from "@/server/services/references/unknown-references";

export type TaskReferences = Pick<CreateTaskInput, "assigneeId" | "customerId" | "constellationId">;

/** Checks every given reference at once and reports all the invalid ones together; a body naming none costs no promise. */
export function assertTaskReferences(db: DbClient, organizationId: string, { assigneeId, customerId, constellationId }: TaskReferences): Promise<void> | undefined {
  const references: BodyReference[] = [];
  if (assigneeId) references.push({ field: "assigneeId", kind: "member", id: assigneeId });
  if (customerId) references.push({ field: "customerId", kind: "customer", id: customerId });
  if (constellationId) references.push({ field: "constellationId", kind: "project", id: constellationId });
  if (!references.length) return undefined;
  return unknownReferences(db, organizationId, references).then((details) => {
    if (details.length) throw invalidFields(details);
  });
}
