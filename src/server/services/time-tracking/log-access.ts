// Who sees which time logs, in one place: an admin sees (and changes) everyone's in the organization, a
// member only their own. A member asking for another's logs by name is a 403; a log the caller may not
// see is a 404, as if it did not exist; a deleted log is gone for everyone. Lists, the timesheet,
// reports, the export, the import and editing all read the rule from here, as a Prisma `where` or as
// the SQL fragment of a raw query.
import { Prisma } from "@/generated/prisma/client";
import type { Role } from "@/generated/prisma/enums";
import { AppError, notFound } from "@/server/errors";

/** Someone whose view of the logs is asked for: the caller, or the owner of a shared report. */
export interface LogViewer {
  userId: string;
  role: Role;
}

/** Whether the viewer sees every member's logs (an admin) rather than their own only. */
export const seesEveryonesLogs = (viewer: Pick<LogViewer, "role">): boolean => viewer.role === "admin";

/** Whether the viewer may see, write or import the logs of `userId`. */
export const mayHandleLogsOf = (viewer: LogViewer, userId: string): boolean => seesEveryonesLogs(viewer) || userId === viewer.userId;

/** Whose logs the viewer sees: an admin the member asked for (undefined: everyone), a member their own whatever was asked. */
export function logOwnerFor(viewer: LogViewer, requested: string | undefined): string | undefined {
  return seesEveryonesLogs(viewer) ? requested : viewer.userId;
}

/** Whose logs a caller reads: as `logOwnerFor`, but a member asking for another's is a 403. */
export function requestedLogOwner(actor: LogViewer, requested: string | undefined): string | undefined {
  if (requested && !mayHandleLogsOf(actor, requested)) {
    throw new AppError("forbidden", "Members see their own time logs only.", { details: [{ field: "userId", message: "admin role required to see other members' time" }] });
  }
  return logOwnerFor(actor, requested);
}

/** The logs of an organization, of one member when `userId` is given, never a deleted one. */
export interface LogScope {
  organizationId: string;
  userId?: string;
}

/** The logs the actor sees (of one member when `requested` is given), as a Prisma `where`; see `requestedLogOwner`. */
export function visibleLogsWhere(actor: LogViewer & { organizationId: string }, requested?: string): Prisma.TimeLogWhereInput {
  return scopeWhere({ organizationId: actor.organizationId, userId: requestedLogOwner(actor, requested) });
}

/** A scope as a Prisma `where`. */
export function scopeWhere(scope: LogScope): Prisma.TimeLogWhereInput {
  return { organizationId: scope.organizationId, deletedAt: null, ...(scope.userId ? { userId: scope.userId } : {}) };
}

/** A scope as SQL conditions over the log table under the name `l`, for raw queries. */
export function scopeSql(scope: LogScope): Prisma.Sql[] {
  return [
    Prisma.sql`l."organizationId" = ${scope.organizationId}`,
    Prisma.sql`l."deletedAt" IS NULL`,
    ...(scope.userId ? [Prisma.sql`l."userId" = ${scope.userId}`] : []),
  ];
}

/** The answer for a log the caller may not see: the same 404 as for one that does not exist. */
export const logNotFound = () => notFound("Time log");
