// Invitations (app-api section 12): an admin invites an email with a role; the link opens once.
import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, timestampSchema } from "@/server/lib/zod";
import { browserTimeZoneInput, emailInput, nameInput, passwordInput, roleSchema } from "@/server/contract/account";

export const createInviteInput = z.object({ email: emailInput, role: roleSchema });
export type CreateInviteInput = z.output<typeof createInviteInput>;

/** The link, shown once to the admin (and mailed when mail is configured). */
export const inviteLinkSchema = z.object({ url: z.string(), expiresAt: timestampSchema, isMailed: z.boolean() });

export const inviteTokenInput = z.object({ token: z.string().min(1).max(100) });
export const acceptInviteInput = inviteTokenInput.extend({ name: nameInput, password: passwordInput, timeZone: browserTimeZoneInput });
export type AcceptInviteInput = z.output<typeof acceptInviteInput>;

/** What the invite page shows before asking for a name and a password. */
export const inviteSchema = z.object({ email: z.string(), role: roleSchema, organizationName: z.string(), invitedBy: z.string().nullable(), expiresAt: timestampSchema });
export type InviteView = z.output<typeof inviteSchema>;

/** An invitation not accepted yet, as admins see it in Settings → Members (never its token). */
export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  invitedBy: z.string().nullable(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  isExpired: z.boolean(),
});
export type PendingInviteView = z.output<typeof pendingInviteSchema>;

export const listInvitesInput = z.object({ ...paginationInput("invites") });
export type ListInvitesInput = z.output<typeof listInvitesInput>;

export const revokeInviteInput = z.object({ id: idInput });
