// Invitations: an admin invites an email with a role; `<origin>/invite/<token>` is valid 7 days and
// opens once. Accepting asks for a name and a password, creates the member and signs them in. Only
// the token's SHA-256 is stored; the link is mailed when mail is configured.
import type { Db, DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate } from "@/server/lib/cursor";
import type { Page } from "@/server/lib/envelope";
import { generateUrlToken, hashUrlToken } from "@/server/lib/url-token";
import { hashPassword } from "@/server/auth/passwords";
import { countedAttempt, inviteAttempt } from "@/server/services/auth/throttle";
import { sendMail } from "@/server/operations/mail";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { serializeAccount } from "@/server/contract/account";
import type { AcceptInviteInput, CreateInviteInput, InviteView, ListInvitesInput, PendingInviteView } from "@/server/contract/invite";
import { emailTaken, isUniqueViolation, normalizeEmail, startingTimeZone, type Actor, type SignedInAccount } from "@/server/services/auth/account";

export const INVITE_TTL_DAYS = 7;

const gone = () => notFound("Invitation");

export function inviteUrl(origin: string, token: string): string {
  return `${origin}/invite/${token}`;
}

export async function createInvite(db: Db, actor: Actor, input: CreateInviteInput, origin: string, audit: AuditContext): Promise<{ url: string; expiresAt: string; isMailed: boolean }> {
  const email = normalizeEmail(input.email);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const token = generateUrlToken();
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000);
  const invite = await db.$transaction(async (tx) => {
    const created = await tx.invite.create({
      data: { organizationId: actor.organizationId, invitedById: actor.userId, email, role: input.role, tokenHash: hashUrlToken(token), expiresAt },
      select: { id: true, organization: { select: { name: true } }, invitedBy: { select: { name: true } } },
    });
    await recordAudit(tx, audit, { action: "member.invited", target: { type: "invite", id: created.id, label: email }, metadata: { role: input.role, via: "invite" } });
    return created;
  });
  const url = inviteUrl(origin, token);
  const isMailed = await sendMail({
    to: [email],
    subject: `${invite.invitedBy?.name ?? "An admin"} invited you to ${invite.organization.name} on Orbit`,
    text: [`You are invited to join ${invite.organization.name} on Orbit.`, "", "Choose your name and a password here (the link works once, for 7 days):", url].join("\n"),
  });
  return { url, expiresAt: expiresAt.toISOString(), isMailed };
}

/** The organization's invitations not accepted yet, newest first; expired ones are marked so an admin can send a new one. */
export async function listPendingInvites(db: DbClient, actor: Pick<Actor, "organizationId">, input: ListInvitesInput): Promise<Page<PendingInviteView>> {
  const now = Date.now();
  const page = await paginate(
    { kind: "invites", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.invite.findMany({
        where: { organizationId: actor.organizationId, acceptedAt: null, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, invitedBy: { select: { name: true } } },
      }),
    (row) => row.createdAt,
  );
  return {
    items: page.items.map((invite) => ({
      id: invite.id,
      email: invite.email,
      role: invite.role,
      invitedBy: invite.invitedBy?.name ?? null,
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt.toISOString(),
      isExpired: invite.expiresAt.getTime() <= now,
    })),
    pagination: page.pagination,
  };
}

/** Withdraws an invitation not accepted yet: its link stops working at once. Accepted, unknown or another organization's → 404. */
export async function revokeInvite(db: DbClient, actor: Pick<Actor, "organizationId">, id: string): Promise<{ id: string }> {
  const { count } = await db.invite.deleteMany({ where: { id, organizationId: actor.organizationId, acceptedAt: null } });
  if (count === 0) throw gone();
  return { id };
}

/** An invite that can still be accepted: not used, not expired. */
const openInvite = (token: string) => ({ tokenHash: hashUrlToken(token), acceptedAt: null, expiresAt: { gt: new Date() } });

export async function getInvite(db: DbClient, token: string): Promise<InviteView> {
  const invite = await db.invite.findFirst({
    where: openInvite(token),
    select: { email: true, role: true, expiresAt: true, organization: { select: { name: true } }, invitedBy: { select: { name: true } } },
  });
  if (!invite) throw gone();
  return { email: invite.email, role: invite.role, organizationName: invite.organization.name, invitedBy: invite.invitedBy?.name ?? null, expiresAt: invite.expiresAt.toISOString() };
}

/**
 * Uses the invite (once: a second use, or an expired one, is a 404) and creates the member in the
 * inviting organization. Throttled like a login (throttle.ts: per token and per client address, the
 * attempt counted before anything is checked), and the token is checked before the password is
 * hashed: a made-up or used token costs a lookup, never a hash, and counts as a failure.
 */
export async function acceptInvite(db: Db, input: AcceptInviteInput, client: { address?: string } = {}): Promise<SignedInAccount> {
  let passwordHash: string | undefined;
  const isOpen = await countedAttempt(db, inviteAttempt(hashUrlToken(input.token), client.address), async () => {
    if (!(await db.invite.findFirst({ where: openInvite(input.token), select: { id: true } }))) return false;
    passwordHash = await hashPassword(input.password);
    return true;
  });
  if (!isOpen || passwordHash === undefined) throw gone();
  return createInvitedMember(db, input, passwordHash);
}

/** Marks the invite used and creates its member, in one transaction (the invite re-checked there: a concurrent acceptance wins once). */
async function createInvitedMember(db: Db, input: AcceptInviteInput, passwordHash: string): Promise<SignedInAccount> {
  try {
    return await db.$transaction(async (tx) => {
      const [invite] = await tx.invite.updateManyAndReturn({ where: openInvite(input.token), data: { acceptedAt: new Date() }, select: { organizationId: true, email: true, role: true } });
      if (!invite) throw gone();
      if (await tx.user.findUnique({ where: { email: invite.email }, select: { id: true } })) throw emailTaken();
      const user = await tx.user.create({
        data: { organizationId: invite.organizationId, email: invite.email, name: input.name, role: invite.role, passwordHash, timeZone: startingTimeZone(input.timeZone) },
        include: { organization: true },
      });
      return serializeAccount(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
