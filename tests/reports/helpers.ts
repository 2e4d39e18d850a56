// The report tests' usual two-person team with billable time.
import { addMember, insertCustomer, insertTimeLog, signUpOrganization } from "../harness/factories";

/** An admin with an hour and a member with half an hour for Globex (100.00 USD an hour), early in March 2026. */
export async function teamWithBillableTime() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000 });
  await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 3_600, customerId: globex.id });
  await insertTimeLog(member, { startedAt: "2026-03-03T10:00:00Z", durationSeconds: 1_800, customerId: globex.id });
  return { admin, member, globex };
}
