// The signed-in user's preferences: read and changed by the user only.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { preferencesSelect, serializePreferences, type PreferencesView, type UpdatePreferencesInput } from "@/server/contract/preferences";
import type { Actor } from "@/server/services/auth/account";

export async function getPreferences(db: DbClient, actor: Actor): Promise<PreferencesView> {
  const user = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: preferencesSelect });
  if (!user) throw notFound("User");
  return serializePreferences(user);
}

export async function updatePreferences(db: DbClient, actor: Actor, input: UpdatePreferencesInput): Promise<PreferencesView> {
  const [user] = await db.user.updateManyAndReturn({ where: { id: actor.userId, organizationId: actor.organizationId }, data: input, select: preferencesSelect });
  if (!user) throw notFound("User");
  return serializePreferences(user);
}
