// Users, organizations and plans: signup, login, members, the plan switch.
import type { Db, DbClient } from "@/server/db";
import { Prisma } from "@/generated/prisma/client";
import type { Plan, Role } from "@/generated/prisma/enums";
import {
  organizationSelect,
  serializeAccount,
  serializeAddedMember,
  serializeOrganization,
  type AccountView,
  type AddedMemberView,
  type AddMemberInput,
  type ChangePasswordInput,
  type LogInInput,
  type PlanView,
  type SignUpInput,
} from "@/server/contract/account";
import { AppError, notFound } from "@/server/errors";
import { isTimeZone } from "@/lib/time-zone";
import { hashPassword, needsRehash, verifyPassword, waitLikePasswordCheck } from "@/server/auth/passwords";
import type { DeviceProof } from "@/server/auth/device-cookies";
import { countedAttempt, countSignupAttempt, loginAttempt } from "@/server/services/auth/throttle";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";

export interface Actor {
  userId: string;
  organizationId: string;
  role: Role;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const emailTaken = () =>
  new AppError("conflict", "An account with this email already exists.", { details: [{ field: "email", message: "already registered" }] });

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/** An account view with the session version a new session must carry. */
export type SignedInAccount = AccountView & { sessionVersion: number };

/** A new account's zone: the browser's, when it is one the runtime knows, else UTC. */
export function startingTimeZone(browserZone: string | undefined): string {
  return browserZone && isTimeZone(browserZone) ? browserZone : "UTC";
}

export async function signUp(
  db: DbClient,
  input: SignUpInput,
  client: { address?: string } = {},
): Promise<SignedInAccount> {
  await countSignupAttempt(db, client.address);
  const email = normalizeEmail(input.email);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const organization = await db.organization.create({
      data: {
        name: input.organizationName,
        users: { create: { email, name: input.name, passwordHash, role: "admin", timeZone: startingTimeZone(input.timeZone) } },
      },
      include: { users: true },
    });
    const user = organization.users[0]!;
    return { ...serializeAccount({ ...user, organization }), sessionVersion: user.sessionVersion };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Throttled before the password is even checked (see throttle.ts): per email and per client address,
 * or, for a browser whose device cookie proved itself for this very user, per that device only. An
 * email without an account computes no hash: it waits as long as a check would (passwords.ts).
 */
export async function logIn(db: Db, input: LogInInput, client: { address?: string; device?: DeviceProof } = {}): Promise<SignedInAccount> {
  const email = normalizeEmail(input.email);
  const user = await db.user.findUnique({ where: { email }, include: { organization: true } });
  const provenDeviceId = user && client.device?.userId === user.id ? client.device.deviceId : undefined;
  const isValid = await countedAttempt(db, loginAttempt(email, client.address, provenDeviceId), async () => {
    if (!user) {
      await waitLikePasswordCheck();
      return false;
    }
    return verifyPassword(input.password, user.passwordHash);
  });
  if (!user || !isValid) throw new AppError("unauthorized", "Email or password is incorrect.");
  // Told only to someone who knows the password, so it reveals nothing about who has an account.
  if (user.deactivatedAt) throw new AppError("unauthorized", "This account has been deactivated; ask an admin of your organization to reactivate it.");
  if (needsRehash(user.passwordHash)) {
    // The password is at hand only now: upgrade a hash made under an older cost.
    await db.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: await hashPassword(input.password) } });
  }
  return { ...serializeAccount(user), sessionVersion: user.sessionVersion };
}

/**
 * Changes the caller's password after checking the current one (a wrong one is a 400 on
 * `currentPassword`, counted like a failed login, so a stolen session cannot guess it freely). Every
 * session of the user is revoked in the same statement; returns the new session version, with which
 * the caller's own session is re-issued.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  input: ChangePasswordInput,
  client: { address?: string } = {},
): Promise<{ sessionVersion: number }> {
  const user = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { id: true, email: true, passwordHash: true } });
  if (!user) throw notFound("User");
  if (!(await countedAttempt(db, loginAttempt(user.email, client.address), () => verifyPassword(input.currentPassword, user.passwordHash)))) {
    throw new AppError("validation_error", "currentPassword: is incorrect", { details: [{ field: "currentPassword", message: "is incorrect" }] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // Guarded on the hash that was checked: a concurrent change makes this one fail instead of overwriting it.
  const updated = await db.user.updateManyAndReturn({
    where: { id: user.id, passwordHash: user.passwordHash },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  if (!updated[0]) throw new AppError("conflict", "The password was changed meanwhile; sign in again.");
  return { sessionVersion: updated[0].sessionVersion };
}

/** Revokes every session of the user: they carry the old version from now on. */
export async function revokeSessions(db: DbClient, userId: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

export async function getAccount(db: DbClient, actor: Actor): Promise<AccountView> {
  const user = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, include: { organization: true } });
  if (!user) throw notFound("User");
  return serializeAccount(user);
}

export async function addMember(
  db: Db,
  actor: Actor,
  input: AddMemberInput,
  audit: AuditContext,
): Promise<AddedMemberView> {
  const email = normalizeEmail(input.email);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { organizationId: actor.organizationId, email, name: input.name, role: input.role, passwordHash } });
      await recordAudit(tx, audit, { action: "member.invited", target: { type: "user", id: created.id, label: email }, metadata: { role: input.role, via: "added" } });
      return created;
    });
    return serializeAddedMember(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function setPlan(db: Db, actor: Actor, plan: Plan, audit: AuditContext): Promise<PlanView> {
  const organization = await db.$transaction(async (tx) => {
    const [before] = await tx.$queryRaw<Array<{ plan: Plan }>>`SELECT "plan" FROM "Organization" WHERE "id" = ${actor.organizationId} FOR UPDATE`;
    const updated = await tx.organization.update({ where: { id: actor.organizationId }, data: { plan }, select: organizationSelect });
    if (before && before.plan !== plan) {
      await recordAudit(tx, audit, { action: "organization.plan_changed", target: { type: "organization", id: updated.id, label: updated.name }, metadata: { plan: { from: before.plan, to: plan } } });
    }
    return updated;
  });
  return { organization: serializeOrganization(organization) };
}
