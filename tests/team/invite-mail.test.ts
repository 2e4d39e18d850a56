// POST /api/app/invites with mail configured: the link is mailed to the invited address.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { resetEnvCache } from "@/env";
import { signUpOrganization, uniqueEmail } from "../harness/factories";

describe("invite mail", () => {
  const mails: Array<{ to: string[]; text: string }> = [];
  let smtp: SMTPServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: Buffer.concat(chunks).toString("utf8").replace(/=\r?\n/g, "") });
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, MAIL_FROM: "Orbit <team@orbit.example.com>" });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const name of ["SMTP_URL", "MAIL_FROM"]) delete process.env[name];
    resetEnvCache();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

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
