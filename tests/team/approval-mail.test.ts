// Rejecting a week with mail configured: the member gets the note by mail; approving mails nobody.
import { describe, expect, it } from "vitest";
import { useMailCapture } from "../harness/smtp";
import { addMember, signUpOrganization } from "../harness/factories";

describe("rejection mail", () => {
  const mails = useMailCapture({ MAIL_FROM: "Orbit <team@orbit.example.com>" });

  it("mails the member the admin's note when their week is rejected", async () => {
    const admin = await signUpOrganization({ name: "Initech" });
    const member = await addMember(admin);
    const submitted = await member.client.post("/api/app/approvals", { week: "2026-11-18" });
    expect(submitted.status, submitted.text).toBe(201);
    const approved = await admin.client.post(`/api/app/approvals/${submitted.body.data.id}/reject`, { note: "Friday's client call is missing" });
    expect(approved.status, approved.text).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([member.email]);
    expect(mails[0]!.text).toContain("Your week of 16 Nov was rejected");
    expect(mails[0]!.text).toContain("Friday's client call is missing");

    const again = await member.client.post("/api/app/approvals", { week: "2026-11-18" });
    expect((await admin.client.post(`/api/app/approvals/${again.body.data.id}/approve`, {})).status).toBe(200);
    expect(mails).toHaveLength(1);
  });
});
