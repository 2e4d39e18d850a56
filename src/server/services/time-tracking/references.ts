// Task and customer ids a time log or timer points at must belong to the caller's organization.
// Each id is a body reference, so an unknown or foreign one is a 400 naming its field.
import type { StartTimerInput } from "@/server/contract/running-timer";
import type { DbClient } from "@/server/db";
import { AppError, type ErrorDetail } from "@/server/errors";

/** taskId omitted or null: no task. customerId omitted: the task's customer, if any; null: explicitly no customer. */
export type LogReferences = Pick<StartTimerInput, "taskId" | "customerId">;

export interface ResolvedReferences {
  taskId: string | null;
  customerId: string | null;
}

/**
 * Checks every reference with one query per table and answers the resolved ids in input order.
 * `fieldPrefix(i)` names where item i sits in the body (`""` or `"entries.3."`).
 */
export async function resolveReferences(
  db: DbClient,
  organizationId: string,
  items: readonly LogReferences[],
  fieldPrefix: (index: number) => string = () => "",
): Promise<ResolvedReferences[]> {
  const taskIds = [...new Set(items.map((item) => item.taskId).filter((id): id is string => Boolean(id)))];
  const customerIds = [...new Set(items.map((item) => item.customerId).filter((id): id is string => Boolean(id)))];
  const [tasks, customers] = await Promise.all([
    taskIds.length
      ? db.task.findMany({ where: { organizationId, id: { in: taskIds }, deletedAt: null }, select: { id: true, customerId: true } })
      : [],
    customerIds.length ? db.customer.findMany({ where: { organizationId, id: { in: customerIds } }, select: { id: true } }) : [],
  ]);
  const taskCustomer = new Map(tasks.map((task) => [task.id, task.customerId]));
  const knownCustomers = new Set(customers.map((customer) => customer.id));

  const details: ErrorDetail[] = [];
  const resolved = items.map((item, index) => {
    if (item.taskId && !taskCustomer.has(item.taskId)) details.push({ field: `${fieldPrefix(index)}taskId`, message: "no task with this id in your organization" });
    if (item.customerId && !knownCustomers.has(item.customerId)) {
      details.push({ field: `${fieldPrefix(index)}customerId`, message: "no customer with this id in your organization" });
    }
    const taskId = item.taskId ?? null;
    const customerId = item.customerId === undefined ? (taskId ? (taskCustomer.get(taskId) ?? null) : null) : item.customerId;
    return { taskId, customerId };
  });
  if (details.length) {
    const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join("; ");
    throw new AppError("validation_error", `Invalid request: ${summary}`, { details });
  }
  return resolved;
}
