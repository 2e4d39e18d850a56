// Two-factor sign-in (app-api section 15): a TOTP secret set up, proven by a code and then enabled with
// ten single-use recovery codes; a code is accepted once (the last accepted time step is remembered and
// moved in the same statement that accepts it); turning it off needs the password and a code. Enabling
// or disabling it ends the person's other sessions. The secret is stored sealed (auth/secret-box.ts).
import { createHash, randomInt } from "node:crypto";
import type { Db, DbClient } from "@/server/db";
import { AppError, notFound, validationError } from "@/server/errors";
import { openSecret, sealSecret } from "@/server/auth/secret-box";
import { newTotpSecret, totpStepOf, totpUri } from "@/server/auth/totp";
import { verifyPassword } from "@/server/auth/passwords";
import type { DisableTwoFactorInput, TwoFactorSetupView, TwoFactorStatusView } from "@/server/contract/two-factor";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import type { Actor } from "@/server/services/auth/account";
import { revokeUserSessions } from "@/server/services/auth/sessions";
import { countedAttempt, loginAttempt } from "@/server/services/auth/throttle";

const SECRET_PURPOSE = "two-factor-secret";
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: recovery codes are read off paper. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const hashRecoveryCode = (code: string) => createHash("sha256").update(code).digest("hex");
/** A typed code as compared: lower case, without spaces or hyphens. */
const normalizeCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const wrongCode = () => validationError("code", "is not a valid code from your authenticator app or a recovery code");

/** A user as the second factor is checked against. */
export interface TwoFactorUser {
  id: string;
  twoFactorSecret: string | null;
  twoFactorEnabledAt: Date | null;
}

/**
 * Uses a second factor of the user: a TOTP code of the current step or one next to it, not older than
 * the last step accepted, or an unused recovery code. True when it was accepted (and is now used).
 */
export async function useSecondFactor(db: DbClient, user: TwoFactorUser, typed: string, now = Date.now()): Promise<boolean> {
  if (!user.twoFactorEnabledAt || !user.twoFactorSecret) return false;
  const code = normalizeCode(typed);
  if (/^\d{6}$/.test(code)) {
    const step = totpStepOf(openSecret(SECRET_PURPOSE, user.twoFactorSecret), code, now);
    if (step === null) return false;
    const accepted = await db.user.updateMany({
      where: { id: user.id, twoFactorEnabledAt: { not: null }, OR: [{ twoFactorLastStep: null }, { twoFactorLastStep: { lt: step } }] },
      data: { twoFactorLastStep: step },
    });
    return accepted.count === 1;
  }
  if (code.length !== 10) return false;
  const used = await db.recoveryCode.updateMany({ where: { userId: user.id, codeHash: hashRecoveryCode(code), usedAt: null }, data: { usedAt: new Date(now) } });
  return used.count === 1;
}

export async function getTwoFactorStatus(db: DbClient, actor: Actor): Promise<TwoFactorStatusView> {
  const user = await db.user.findFirst({
    where: { id: actor.userId, organizationId: actor.organizationId },
    select: { twoFactorEnabledAt: true, organization: { select: { requireTwoFactor: true } }, _count: { select: { recoveryCodes: { where: { usedAt: null } } } } },
  });
  if (!user) throw notFound("User");
  return { enabled: user.twoFactorEnabledAt !== null, required: user.organization.requireTwoFactor, recoveryCodesLeft: user.twoFactorEnabledAt ? user._count.recoveryCodes : 0 };
}

/** A new secret, pending until a code proves it (a second setup replaces the first); 409 while two-factor is on. */
export async function setUpTwoFactor(db: DbClient, actor: Actor): Promise<TwoFactorSetupView> {
  const secret = newTotpSecret();
  const [user] = await db.user.updateManyAndReturn({
    where: { id: actor.userId, organizationId: actor.organizationId, twoFactorEnabledAt: null },
    data: { twoFactorPendingSecret: sealSecret(SECRET_PURPOSE, secret) },
    select: { email: true },
  });
  if (!user) throw new AppError("conflict", "Two-factor sign-in is already on; turn it off first to set up a new authenticator.");
  return { secret, otpauthUri: totpUri(secret, user.email) };
}

/**
 * Enables the pending secret when `code` is right for it (400 on `code` otherwise): ten new recovery
 * codes, shown once, stored hashed; the person's other sessions end; all in one transaction.
 */
export async function enableTwoFactor(db: Db, actor: Actor & { sessionId?: string }, typed: string, audit: AuditContext, now = Date.now()): Promise<{ recoveryCodes: string[] }> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { id: actor.userId, organizationId: actor.organizationId },
      select: { id: true, email: true, twoFactorPendingSecret: true, twoFactorEnabledAt: true },
    });
    if (!user) throw notFound("User");
    if (user.twoFactorEnabledAt) throw new AppError("conflict", "Two-factor sign-in is already on.");
    if (!user.twoFactorPendingSecret) throw new AppError("conflict", "Start the setup first: it gives the secret your authenticator app needs.");
    const step = totpStepOf(openSecret(SECRET_PURPOSE, user.twoFactorPendingSecret), normalizeCode(typed), now);
    if (step === null) throw validationError("code", "is not the current code of your authenticator app");
    // Guarded on the pending secret that was checked: a setup started meanwhile makes this one fail.
    const enabled = await tx.user.updateMany({
      where: { id: user.id, twoFactorPendingSecret: user.twoFactorPendingSecret, twoFactorEnabledAt: null },
      data: { twoFactorSecret: user.twoFactorPendingSecret, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date(now), twoFactorLastStep: step },
    });
    if (enabled.count !== 1) throw new AppError("conflict", "The setup changed meanwhile; start it again.");
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.createMany({ data: recoveryCodes.map((code) => ({ userId: user.id, codeHash: hashRecoveryCode(normalizeCode(code)) })) });
    await recordAudit(tx, audit, { action: "auth.two_factor_enabled", target: { type: "user", id: user.id, label: user.email } });
    await revokeUserSessions(tx, user.id, actor.sessionId, audit);
    return { recoveryCodes };
  });
}

/**
 * Turns two-factor off after the password and a code (or a recovery code) are checked, each a 400 on
 * its field when wrong, counted like a failed login. The secret and recovery codes go, the person's
 * other sessions end; one transaction with the code's use.
 */
export async function disableTwoFactor(
  db: Db,
  actor: Actor & { sessionId?: string },
  input: DisableTwoFactorInput,
  audit: AuditContext,
  client: { address?: string } = {},
): Promise<void> {
  const user = await db.user.findFirst({
    where: { id: actor.userId, organizationId: actor.organizationId },
    select: { id: true, email: true, passwordHash: true, twoFactorSecret: true, twoFactorEnabledAt: true },
  });
  if (!user) throw notFound("User");
  if (!user.twoFactorEnabledAt) throw new AppError("conflict", "Two-factor sign-in is not on.");
  let failure: "password" | "code" | undefined;
  await countedAttempt(db, loginAttempt(user.email, client.address), async () => {
    if (!(await verifyPassword(input.password, user.passwordHash))) {
      failure = "password";
      return false;
    }
    return db.$transaction(async (tx) => {
      if (!(await useSecondFactor(tx, user, input.code))) {
        failure = "code";
        return false;
      }
      await tx.user.updateMany({
        where: { id: user.id, organizationId: actor.organizationId },
        data: { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null },
      });
      await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
      await recordAudit(tx, audit, { action: "auth.two_factor_disabled", target: { type: "user", id: user.id, label: user.email } });
      await revokeUserSessions(tx, user.id, actor.sessionId, audit);
      return true;
    });
  });
  if (failure === "password") throw validationError("password", "is incorrect");
  if (failure === "code") throw wrongCode();
}

