// A local SMTP server that keeps what it receives, and mail configured to use it for one describe block.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";
import { resetEnvCache } from "@/env";

export interface ReceivedMail {
  from: string;
  /** Recipients, sorted. */
  to: string[];
  /** The raw message, quoted-printable soft line breaks joined. */
  text: string;
}

/** Starts the server before the block's tests with SMTP_URL, MAIL_FROM and `env` set; undone after them. */
export function useMailCapture(env: Record<string, string>): ReceivedMail[] {
  const mails: ReceivedMail[] = [];
  const names = ["SMTP_URL", ...Object.keys(env)];
  let smtp: SMTPServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8").replace(/=\r?\n/g, "");
          mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address).sort(), text });
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    Object.assign(process.env, { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, ...env });
    resetEnvCache();
  });

  afterAll(async () => {
    for (const name of names) delete process.env[name];
    resetEnvCache();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  return mails;
}
