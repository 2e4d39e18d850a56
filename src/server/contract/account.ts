// Account, organization and members (app-api sections 2-3): the signed-in account, a member, the plan
// switch, the sign-up, log-in, password and add-member inputs, the columns responses are read from, and
// the serializers. Password hashes and two-factor secrets never leave the server.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/limits";
import { timestampSchema } from "@/server/lib/zod";
import { preferencesSchema, preferencesSelect, serializePreferences } from "./preferences";

export const roleSchema = z.enum(["admin", "member"]);
export const planSchema = z.enum(["free", "pro"]);

// ---- Responses ----

const accountUserSchema = z.object({ id: z.string(), email: z.string(), name: z.string() });
const organizationSchema = z.object({ id: z.string(), name: z.string(), plan: planSchema });

/** The signed-in account, with the user's preferences so the web app has them with the session. */
export const accountOutput = z.object({ user: accountUserSchema, organization: organizationSchema, role: roleSchema, preferences: preferencesSchema });
export const addMemberOutput = z.object({ user: accountUserSchema, role: roleSchema });
export const setPlanOutput = z.object({ organization: organizationSchema });
/** A member; `userId` repeats `id` under the name the team routes use; `deactivatedAt` is null for an active member. */
export const memberSchema = z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string(), role: roleSchema, deactivatedAt: timestampSchema.nullable(), createdAt: timestampSchema });

export type AccountView = z.output<typeof accountOutput>;
export type AddedMemberView = z.output<typeof addMemberOutput>;
export type PlanView = z.output<typeof setPlanOutput>;
export type MemberView = z.output<typeof memberSchema>;

// ---- Inputs ----

export const emailInput = z.string().trim().max(MAX_EMAIL_LENGTH).email();
export const passwordInput = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);
export const nameInput = z.string().trim().min(1).max(MAX_NAME_LENGTH);

/** The browser's zone, sent when an account is made; an unknown or missing one is taken as UTC (making an account never fails on it). */
export const browserTimeZoneInput = z.string().max(100).optional();
export const signUpInput = z.object({ email: emailInput, password: passwordInput, name: nameInput, organizationName: nameInput, timeZone: browserTimeZoneInput });
/** `code`: the authenticator's code or a recovery code, for a user with two-factor on. */
export const logInInput = z.object({ email: z.string().max(MAX_EMAIL_LENGTH), password: z.string().max(MAX_PASSWORD_LENGTH), code: z.string().trim().max(64).optional() });
export const changePasswordInput = z.object({ currentPassword: z.string().min(1, "is required").max(MAX_PASSWORD_LENGTH), newPassword: passwordInput });
export const addMemberInput = z.object({ email: emailInput, password: passwordInput, name: nameInput, role: roleSchema });
export const setPlanInput = z.object({ plan: planSchema });
export const listMembersInput = z.object({ ...paginationInput("members") });
export const memberIdInput = z.object({ userId: z.string().min(1).max(100) });
export const setMemberRoleInput = memberIdInput.extend({ role: roleSchema });

export type SignUpInput = z.output<typeof signUpInput>;
export type LogInInput = z.output<typeof logInInput>;
export type ChangePasswordInput = z.output<typeof changePasswordInput>;
export type AddMemberInput = z.output<typeof addMemberInput>;
export type ListMembersInput = z.output<typeof listMembersInput>;
export type SetMemberRoleInput = z.output<typeof setMemberRoleInput>;

// ---- Columns and serializers ----

export const accountUserSelect = { id: true, email: true, name: true, role: true } as const satisfies Prisma.UserSelect;
export const organizationSelect = { id: true, name: true, plan: true } as const satisfies Prisma.OrganizationSelect;
export const memberSelect = { id: true, name: true, email: true, role: true, deactivatedAt: true, createdAt: true } as const satisfies Prisma.UserSelect;

type AccountUserRow = Prisma.UserGetPayload<{ select: typeof accountUserSelect }>;
type AccountRow = Prisma.UserGetPayload<{ select: typeof accountUserSelect & typeof preferencesSelect }>;
type OrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof organizationSelect }>;
type MemberRow = Prisma.UserGetPayload<{ select: typeof memberSelect }>;

export function serializeOrganization(organization: OrganizationRow): AccountView["organization"] {
  return { id: organization.id, name: organization.name, plan: organization.plan };
}

export function serializeAddedMember(user: AccountUserRow): AddedMemberView {
  return { user: { id: user.id, email: user.email, name: user.name }, role: user.role };
}

export function serializeAccount(user: AccountRow & { organization: OrganizationRow }): AccountView {
  const { user: view, role } = serializeAddedMember(user);
  return { user: view, organization: serializeOrganization(user.organization), role, preferences: serializePreferences(user) };
}

export function serializeMember(row: MemberRow): MemberView {
  return { ...row, userId: row.id, deactivatedAt: row.deactivatedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}
