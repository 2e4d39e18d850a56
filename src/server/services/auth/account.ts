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
import { ssoEnforcedRefusal } from "@/server/services/auth/sso";
import { countedAttempt, countSignupAttempt, loginAttempt } from "@/server/services/auth/throttle";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { revokeUserSessions } from "@/server/services/auth/sessions";
import { useSecondFactor } from "@/server/services/auth/two-factor";

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

/** The account a browser signs in as (api/sign-in.ts starts its session). */
export type SignedInAccount = AccountView;

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
    return serializeAccount({ ...user, organization });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Throttled before the password is even checked (see throttle.ts): per email and per client address,
 * or, for a browser whose device cookie proved itself for this very user, per that device only. An
 * email without an account computes no hash: it waits as long as a check would (passwords.ts). For a
 * user with two-factor on, the right password needs a right code too (401 on `code` without one); a
 * wrong code counts as a failed attempt, a missing one does not (it is the login page's first step).
 * Every refusal of an existing user is recorded in the audit log, with its reason.
 */
export async function logIn(
  db: Db,
  input: LogInInput,
  client: { address?: string; device?: DeviceProof; audit: (user: { userId: string; organizationId: string }) => AuditContext },
): Promise<SignedInAccount> {
  const email = normalizeEmail(input.email);
  const user = await db.user.findUnique({ where: { email }, include: { organization: true } });
  const provenDeviceId = user && client.device?.userId === user.id ? client.device.deviceId : undefined;
  let outcome = "no_user" as "no_user" | "wrong_password" | "code_missing" | "wrong_code" | "ok";
  await countedAttempt(db, loginAttempt(email, client.address, provenDeviceId), async () => {
    if (!user) {
      await waitLikePasswordCheck();
      return false;
    }
    if (!(await verifyPassword(input.password, user.passwordHash))) outcome = "wrong_password";
    else if (!user.twoFactorEnabledAt || user.deactivatedAt) outcome = "ok";
    else if (!input.code) outcome = "code_missing";
    else outcome = (await useSecondFactor(db, user, input.code)) ? "ok" : "wrong_code";
    return outcome === "ok" || outcome === "code_missing";
  });
  if (!user || outcome === "no_user") throw new AppError("unauthorized", "Email or password is incorrect.");
  const refusal = await loginRefusal(db, user, outcome);
  if (refusal) {
    await recordLoginFailure(db, client.audit({ userId: user.id, organizationId: user.organizationId }), user, refusal.reason);
    throw refusal.error;
  }
  if (outcome === "code_missing") {
    throw new AppError("unauthorized", "Enter the code from your authenticator app.", { details: [{ field: "code", message: "is required: two-factor sign-in is on for this account" }] });
  }
  if (needsRehash(user.passwordHash)) {
    // The password is at hand only now: upgrade a hash made under an older cost.
    await db.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: await hashPassword(input.password) } });
  }
  return serializeAccount(user);
}

/** Why an existing user's sign-in is refused, as the audit log names it. */
export type LoginFailureReason = "password" | "two_factor_code" | "deactivated" | "sso_required";

/**
 * The refusal of an existing user's password sign-in, in the order it is told: a wrong password (the
 * same answer as for no account), then, only to someone who knows the password, a deactivated account,
 * enforced single sign-on, a wrong second factor. Undefined: signed in, or asked for the code.
 */
async function loginRefusal(
  db: DbClient,
  user: { email: string; role: string; organizationId: string; deactivatedAt: Date | null },
  outcome: "wrong_password" | "code_missing" | "wrong_code" | "ok",
): Promise<{ reason: LoginFailureReason; error: AppError } | undefined> {
  if (outcome === "wrong_password") return { reason: "password", error: new AppError("unauthorized", "Email or password is incorrect.") };
  if (user.deactivatedAt) {
    return { reason: "deactivated", error: new AppError("unauthorized", "This account has been deactivated; ask an admin of your organization to reactivate it.") };
  }
  const ssoRequired = await ssoEnforcedRefusal(db, user);
  if (ssoRequired) return { reason: "sso_required", error: ssoRequired };
  if (outcome === "wrong_code") {
    const error = new AppError("unauthorized", "That code is not right, or was used already.", { details: [{ field: "code", message: "is not a valid code from your authenticator app or a recovery code" }] });
    return { reason: "two_factor_code", error };
  }
  return undefined;
}

/** An existing user's refused sign-in (`auth.login_failed`), by password or by single sign-on. */
export async function recordLoginFailure(db: DbClient, audit: AuditContext, user: { id: string; email: string }, reason: LoginFailureReason, method: "password" | "sso" = "password"): Promise<void> {
  await recordAudit(db, audit, { action: "auth.login_failed", target: { type: "user", id: user.id, label: user.email }, metadata: { reason, ...(method === "sso" ? { method } : {}) } });
}

/**
 * Changes the caller's password after checking the current one (a wrong one is a 400 on
 * `currentPassword`, counted like a failed login, so a stolen session cannot guess it freely). Every
 * other session of the user is revoked in the same transaction; the caller's own stays signed in.
 */
export async function changePassword(
  db: Db,
  actor: Actor & { sessionId?: string },
  input: ChangePasswordInput,
  audit: AuditContext,
  client: { address?: string } = {},
): Promise<void> {
  const user = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { id: true, email: true, passwordHash: true } });
  if (!user) throw notFound("User");
  if (!(await countedAttempt(db, loginAttempt(user.email, client.address), () => verifyPassword(input.currentPassword, user.passwordHash)))) {
    throw new AppError("validation_error", "currentPassword: is incorrect", { details: [{ field: "currentPassword", message: "is incorrect" }] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    // Guarded on the hash that was checked: a concurrent change makes this one fail instead of overwriting it.
    const updated = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (updated.count !== 1) throw new AppError("conflict", "The password was changed meanwhile; sign in again.");
    await recordAudit(tx, audit, { action: "auth.password_changed", target: { type: "user", id: user.id, label: user.email } });
    await revokeUserSessions(tx, user.id, actor.sessionId, audit);
  });
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
