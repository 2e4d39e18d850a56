// Budget notices by mail (app-api section 16): with mail configured, the log that takes a period's
// spending past a threshold mails every admin once for that threshold and period; members get nothing,
// and a further log in the same period mails nobody again.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useMailCapture } from "../harness/smtp";
import { addMember, insertConstellation, insertCustomer, signUpOrganization, type SignedInUser } from "../harness/factories";

const MINUTE = 60;

async function logTime(user: SignedInUser, constellationId: string, startedAt: string, durationSeconds: number) {
  const response = await user.client.post("/api/app/time-logs/sync", { entries: [{ clientSessionId: randomUUID(), source: "manual", constellationId, startedAt, durationSeconds }] });
  expect(response.status, response.text).toBe(200);
  expect(response.body.data.committed).toHaveLength(1);
}

describe("budget mail", () => {
  const mails = useMailCapture({ MAIL_FROM: "Orbit <team@orbit.example.com>" });
  /** Mail is sent once the write has committed, after its response: wait for the count to arrive. */
  const mailCount = (count: number) => expect.poll(() => mails.length, { timeout: 10_000, interval: 20 }).toBe(count);

  it("mails each admin once per threshold and period, never a member", async () => {
    const admin = await signUpOrganization({ name: "Initech" });
    const secondAdmin = await addMember(admin, "admin");
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000 });
    const project = await insertConstellation(admin.organizationId, { title: "Relaunch", customerId: customer.id });
    const set = await admin.client.patch(`/api/app/constellations/${project.id}`, { budget: { kind: "hours", value: 1, period: "monthly" } });
    expect(set.status, set.text).toBe(200);
    const admins = [admin.email, secondAdmin.email].sort();

    // 40 minutes of an hour: no threshold yet.
    await logTime(member, project.id, "2026-01-12T09:00:00.000Z", 40 * MINUTE);
    // 10 more: 50 minutes is 83 %, past 80 %.
    await logTime(member, project.id, "2026-01-13T09:00:00.000Z", 10 * MINUTE);
    await mailCount(1);
    expect(mails[0]!.to).toEqual(admins);
    expect(mails[0]!.text).toContain("Subject: Budget 80% reached: Relaunch");
    expect(mails[0]!.text).toContain("The project Relaunch has used 80% of its budget for 2026-01.");
    expect(mails[0]!.text).toContain(`/projects/${project.id}`);

    // 15 more: 65 minutes, past 100 %.
    await logTime(member, project.id, "2026-01-14T09:00:00.000Z", 15 * MINUTE);
    await mailCount(2);
    expect(mails[1]!.to).toEqual(admins);
    expect(mails[1]!.text).toContain("Subject: Budget 100% reached: Relaunch");

    // Further time in January crosses nothing new: no mail. A log in February starts that month's
    // period, and its own crossing is the next mail (so none for the January log came in between).
    await logTime(member, project.id, "2026-01-15T09:00:00.000Z", 30 * MINUTE);
    await logTime(admin, project.id, "2026-02-02T09:00:00.000Z", 50 * MINUTE);
    await mailCount(3);
    expect(mails[2]!.to).toEqual(admins);
    expect(mails[2]!.text).toContain("The project Relaunch has used 80% of its budget for 2026-02.");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails).toHaveLength(3);
    expect(mails.flatMap((mail) => mail.to)).not.toContain(member.email);
  });
});
