// Time logs written straight to the database for report tests, and the usual two-person team with billable time.
import type { Prisma } from "@/generated/prisma/client";
import { addMember, signUpOrganization, type SignedInUser } from "../harness/factories";
import { getDb } from "@/server/db";
import { createCustomer } from "../time-tracking/helpers";

export async function insertLog(user: SignedInUser, startedAt: Date | string, durationSeconds: number, data: Partial<Prisma.TimeLogUncheckedCreateInput> = {}) {
  return (await getDb()).timeLog.create({
    data: { organizationId: user.organizationId, userId: user.userId, source: "manual", startedAt: new Date(startedAt), durationSeconds, ...data },
  });
}

/** An admin with an hour and a member with half an hour for Globex (100.00 USD an hour), early in March 2026. */
export async function teamWithBillableTime() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const globex = await createCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000 });
  await insertLog(admin, "2026-03-02T10:00:00Z", 3_600, { customerId: globex.id });
  await insertLog(member, "2026-03-03T10:00:00Z", 1_800, { customerId: globex.id });
  return { admin, member, globex };
}
