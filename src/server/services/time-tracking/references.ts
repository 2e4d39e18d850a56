// Task, customer and project ids a time log or timer points at must belong to the caller's
// organization. Each id is a body reference, so an unknown or foreign one is a 400 naming its field.
// Omitted ids are derived (app-api section 11): the project is the task's primary project; the
// customer is the project's customer, else the task's. An explicit null means none.
import type { DbClient } from "@/server/db";
import { invalidFields, unknownReference, type ErrorDetail, type ReferenceKind } from "@/server/errors";
import { logColor, type FilingInput, type FilingView } from "@/server/contract/time-log";

/** undefined: derive (or keep, given a base); null: none; a string: that id, checked. */
export interface LogReferences {
  taskId?: string | null;
  customerId?: string | null;
  constellationId?: string | null;
}

export interface ResolvedReferences {
  taskId: string | null;
  customerId: string | null;
  constellationId: string | null;
}

/**
 * A change to a stored log or timer: `base` holds its references. An omitted field keeps its value
 * unless what it derives from changed (a new task re-derives the project and customer, a new project
 * the customer); ids equal to the stored ones are not checked again (a task deleted since stays).
 */
export type ReferenceChange = LogReferences & { base?: ResolvedReferences };

const ids = (values: readonly (string | null | undefined)[]) => [...new Set(values.filter((id): id is string => Boolean(id)))];

/**
 * Checks every new reference with one query per table and answers the resolved ids in input order.
 * `fieldPrefix(i)` names where item i sits in the body (`""` or `"entries.3."`).
 */
export async function resolveReferences(
  db: DbClient,
  organizationId: string,
  items: readonly ReferenceChange[],
  fieldPrefix: (index: number) => string = () => "",
): Promise<ResolvedReferences[]> {
  const isNew = (item: ReferenceChange, field: keyof LogReferences) => item[field] !== undefined && item[field] !== item.base?.[field];
  const taskIds = ids(items.filter((item) => isNew(item, "taskId")).map((item) => item.taskId));
  const customerIds = ids(items.filter((item) => isNew(item, "customerId")).map((item) => item.customerId));
  const projectIds = ids(items.filter((item) => isNew(item, "constellationId")).map((item) => item.constellationId));
  const [tasks, customers, projects] = await Promise.all([
    taskIds.length
      ? db.task.findMany({
          where: { organizationId, id: { in: taskIds }, deletedAt: null },
          select: { id: true, customerId: true, primaryConstellation: { select: { id: true, customerId: true } } },
        })
      : [],
    customerIds.length ? db.customer.findMany({ where: { organizationId, id: { in: customerIds } }, select: { id: true } }) : [],
    projectIds.length ? db.constellation.findMany({ where: { organizationId, id: { in: projectIds } }, select: { id: true, customerId: true } }) : [],
  ]);
  const taskById = new Map(tasks.map((task) => [task.id, task]));
  const knownCustomers = new Set(customers.map((customer) => customer.id));
  const projectCustomer = new Map(projects.map((project) => [project.id, project.customerId]));

  const details: ErrorDetail[] = [];
  const resolved = items.map((item, index) => {
    const unknown = (field: string, kind: ReferenceKind) => details.push(unknownReference(`${fieldPrefix(index)}${field}`, kind));
    if (isNew(item, "taskId") && item.taskId && !taskById.has(item.taskId)) unknown("taskId", "task");
    if (isNew(item, "customerId") && item.customerId && !knownCustomers.has(item.customerId)) unknown("customerId", "customer");
    if (isNew(item, "constellationId") && item.constellationId && !projectCustomer.has(item.constellationId)) unknown("constellationId", "project");

    const base = item.base;
    const taskChanged = !base || isNew(item, "taskId");
    const task = taskChanged && item.taskId ? taskById.get(item.taskId) : undefined;
    const taskId = item.taskId === undefined ? (base?.taskId ?? null) : item.taskId;

    let constellationId: string | null;
    let derivedProjectCustomer: string | null | undefined;
    if (item.constellationId !== undefined) {
      constellationId = item.constellationId;
      derivedProjectCustomer = item.constellationId ? projectCustomer.get(item.constellationId) : undefined;
    } else if (!taskChanged) {
      constellationId = base!.constellationId;
    } else {
      constellationId = task?.primaryConstellation?.id ?? null;
      derivedProjectCustomer = task?.primaryConstellation?.customerId;
    }
    const projectChanged = taskChanged || isNew(item, "constellationId");

    let customerId: string | null;
    if (item.customerId !== undefined) customerId = item.customerId;
    else if (!projectChanged) customerId = base!.customerId;
    else customerId = derivedProjectCustomer ?? task?.customerId ?? (taskChanged ? null : (base?.customerId ?? null));
    return { taskId, customerId, constellationId };
  });
  if (details.length) throw invalidFields(details);
  return resolved;
}

/**
 * What a log with these references would be filed under, with the names the pickers show: the web
 * app asks before Start (a task chosen shows its project and customer) and for the running timer. The
 * same derivation as every write, so what the page shows is what the server records.
 */
export async function describeFiling(db: DbClient, organizationId: string, input: FilingInput): Promise<FilingView> {
  const [resolved] = await resolveReferences(db, organizationId, [input]);
  const { taskId, customerId, constellationId } = resolved!;
  const [task, customer, project] = await Promise.all([
    taskId ? db.task.findFirst({ where: { id: taskId, organizationId, deletedAt: null }, select: { title: true } }) : null,
    customerId ? db.customer.findFirst({ where: { id: customerId, organizationId }, select: { name: true, color: true } }) : null,
    constellationId ? db.constellation.findFirst({ where: { id: constellationId, organizationId }, select: { title: true, customer: { select: { color: true } } } }) : null,
  ]);
  return {
    taskId,
    customerId,
    constellationId,
    taskTitle: task?.title ?? null,
    customerName: customer?.name ?? null,
    projectName: project?.title ?? null,
    color: logColor(customer, project),
  };
}
