// POST /api/app/invites with mail configured: the link is mailed to the invited address.
import { describe, expect, it } from "vitest";
import { useMailCapture } from "../harness/smtp";
import { signUpOrganization, uniqueEmail } from "../harness/factories";

describe("invite mail", () => {
  const mails = useMailCapture({ MAIL_FROM: "Orbit <team@orbit.example.com>" });

  it("mails the one-use link to the invited email", async () => {
    const admin = await signUpOrganization({ name: "Initech" });
    const email = uniqueEmail("invited");
    const response = await admin.client.post("/api/app/invites", { email, role: "member" });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.isMailed).toBe(true);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([email]);
    expect(mails[0]!.text).toContain("Ada Admin invited you to Initech on Orbit");
    expect(mails[0]!.text).toContain(response.body.data.url);
  });
});
