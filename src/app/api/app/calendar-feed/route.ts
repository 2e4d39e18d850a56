// GET (the URL or null), POST (a new URL; the old one stops working), DELETE (revoke) the signed-in
// user's calendar feed, app-api section 9.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.calendarFeed.get());
export const POST = appRoute((caller) => caller.calendarFeed.create(), { status: 201 });
export const DELETE = appRoute((caller) => caller.calendarFeed.revoke());
