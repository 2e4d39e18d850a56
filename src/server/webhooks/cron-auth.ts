// Authentication of the scheduled drain: `Authorization: Bearer <CRON_SECRET>`, read from the header
// only (a query string ends up in access logs). With no CRON_SECRET configured nothing is accepted.
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

export function isAuthorizedCronRequest(authorization: string | null, cronSecret: string | undefined): boolean {
  if (!cronSecret || !authorization) return false;
  const match = /^Bearer (.+)$/.exec(authorization);
  if (!match) return false;
  // Equal-length digests: the comparison takes the same time whatever the token and its length.
  return timingSafeEqual(digest(match[1]!), digest(cronSecret));
}
