// GET /api/app/me/preferences: the signed-in user's preferences; PATCH changes the given ones.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.preferences.get());
export const PATCH = appRoute((caller, { body }) => caller.preferences.update(bodyObject(body)));
