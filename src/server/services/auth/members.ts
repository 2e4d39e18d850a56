// The people of an organization, for the members list and the assignee and member pickers.
// Admins change roles and deactivate or reactivate members; the organization always keeps an active admin.
import type { Db, DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { memberSelect, serializeMember, type ListMembersInput, type MemberView, type SetMemberRoleInput } from "@/server/contract/account";
import type { Actor } from "@/server/services/auth/account";
import { revokeUserSessions } from "@/server/services/auth/sessions";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";

const memberTarget = (member: { id: string; email: string }) => ({ type: "user", id: member.id, label: member.email });

/** Newest first, keyset-paginated on (createdAt, id) — the users' organization index. */
export async function listMembers(db: DbClient, actor: Pick<Actor, "organizationId">, input: ListMembersInput): Promise<Page<MemberView>> {
  const page = await paginate(
    { kind: "members", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.user.findMany({
        where: { organizationId: actor.organizationId, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: memberSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeMember), pagination: page.pagination };
}

/** The organization's members as the team routes change them (one of them, or 404). */
async function memberOf(tx: DbClient, actor: Actor, userId: string) {
  const member = await tx.user.findFirst({ where: { id: userId, organizationId: actor.organizationId }, select: memberSelect });
  if (!member) throw notFound("Member");
  return member;
}

/**
 * Refuses a change that would leave the organization without an active admin. The active admins'
 * rows are locked first, so two admins demoting or deactivating each other at once cannot both pass.
 */
async function assertAnotherAdmin(tx: DbClient, actor: Actor, userId: string, what: string): Promise<void> {
  const admins = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "User" WHERE "organizationId" = ${actor.organizationId} AND "role" = 'admin' AND "deactivatedAt" IS NULL FOR UPDATE`;
  if (admins.some((admin) => admin.id === userId) && !admins.some((admin) => admin.id !== userId)) {
    throw new AppError("conflict", `The organization needs at least one active admin; make someone else an admin before you ${what}.`);
  }
}

export async function setMemberRole(db: Db, actor: Actor, input: SetMemberRoleInput, audit: AuditContext): Promise<MemberView> {
  return db.$transaction(async (tx) => {
    const current = await memberOf(tx, actor, input.userId);
    if (input.role !== "admin") await assertAnotherAdmin(tx, actor, input.userId, "change this admin's role");
    const [member] = await tx.user.updateManyAndReturn({ where: { id: input.userId, organizationId: actor.organizationId }, data: { role: input.role }, select: memberSelect });
    if (current.role !== input.role) {
      await recordAudit(tx, audit, { action: "member.role_changed", target: memberTarget(current), metadata: { role: { from: current.role, to: input.role } } });
    }
    return serializeMember(member!);
  });
}

/** Deactivates a member: they can no longer log in and every session of theirs ends now (its records revoked); their time stays. */
export async function deactivateMember(db: Db, actor: Actor, userId: string, audit: AuditContext): Promise<MemberView> {
  return db.$transaction(async (tx) => {
    const current = await memberOf(tx, actor, userId);
    if (current.deactivatedAt) return serializeMember(current);
    await assertAnotherAdmin(tx, actor, userId, "deactivate this admin");
    const [member] = await tx.user.updateManyAndReturn({
      where: { id: userId, organizationId: actor.organizationId },
      data: { deactivatedAt: new Date() },
      select: memberSelect,
    });
    await revokeUserSessions(tx, userId);
    await recordAudit(tx, audit, { action: "member.deactivated", target: memberTarget(current), metadata: {} });
    return serializeMember(member!);
  });
}

/** Reactivating an active member changes nothing and records nothing. */
export async function reactivateMember(db: Db, actor: Actor, userId: string, audit: AuditContext): Promise<MemberView> {
  return db.$transaction(async (tx) => {
    const current = await memberOf(tx, actor, userId);
    if (!current.deactivatedAt) return serializeMember(current);
    const [member] = await tx.user.updateManyAndReturn({ where: { id: userId, organizationId: actor.organizationId }, data: { deactivatedAt: null }, select: memberSelect });
    await recordAudit(tx, audit, { action: "member.reactivated", target: memberTarget(current), metadata: {} });
    return serializeMember(member!);
  });
}
