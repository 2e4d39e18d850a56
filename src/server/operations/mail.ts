// Failure notices by mail (app-api section 8): when SMTP_URL and MAIL_FROM are set, each notice goes
// to every admin of its organization. Sending never delays or fails delivery work: the worker hands
// the notice ids over and moves on; a mail error is logged, not retried.
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { getLogger } from "@/server/operations/logger";

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

export interface NoticeMail {
  to: string[];
  subject: string;
  text: string;
}

interface NoticeRow {
  kind: "webhook_failing" | "webhook_disabled" | "budget_threshold";
  endpointId: string | null;
  endpointUrl: string | null;
  consecutiveFailures: number | null;
  reason: string | null;
  lastError: string | null;
  constellationId: string | null;
  budgetPeriodKey: string | null;
  thresholdPercent: number | null;
}

/** The mail of a budget notice: which project reached which share of its budget, in which period, and where to look. */
function budgetMail(notice: NoticeRow, projectTitle: string, admins: string[], appOrigin: string | undefined): NoticeMail {
  const period = notice.budgetPeriodKey === "total" ? "its total budget" : `its budget for ${notice.budgetPeriodKey}`;
  const subject = `Budget ${notice.thresholdPercent}% reached: ${projectTitle}`;
  const text = [`The project ${projectTitle} has used ${notice.thresholdPercent}% of ${period}.`, "", "See the project:", `${appOrigin ?? ""}/projects/${notice.constellationId}`].join("\n");
  return { to: admins, subject, text };
}

/** The mail of one notice: what happened to which endpoint, the count, the last error and where to look. */
export function noticeMail(
  notice: Pick<NoticeRow, "endpointId" | "endpointUrl" | "consecutiveFailures" | "reason" | "lastError"> & { kind: "webhook_failing" | "webhook_disabled" },
  admins: string[],
  appOrigin: string | undefined,
): NoticeMail {
  const isDisabled = notice.kind === "webhook_disabled";
  const subject = isDisabled ? `Webhook endpoint disabled: ${notice.endpointUrl}` : `Webhook endpoint failing: ${notice.endpointUrl}`;
  const what = isDisabled
    ? notice.reason === "gone"
      ? "Orbit disabled this webhook endpoint because it answered 410 Gone."
      : `Orbit disabled this webhook endpoint after ${notice.consecutiveFailures} consecutive failed deliveries.`
    : `${notice.consecutiveFailures} deliveries in a row to this webhook endpoint have failed.`;
  const page = `${appOrigin ?? ""}/webhooks/${notice.endpointId}`;
  const text = [
    what,
    "",
    `Endpoint: ${notice.endpointUrl}`,
    `Consecutive failures: ${notice.consecutiveFailures}`,
    `Last error: ${notice.lastError ?? "none recorded"}`,
    "",
    isDisabled ? "Fix the receiver, then enable the endpoint and recover its failed deliveries:" : "See its deliveries and attempts:",
    page,
  ].join("\n");
  return { to: admins, subject, text };
}

/** Mails the given notices to their organizations' admins, if mail is configured. Never throws. */
export async function mailNotices(db: Db, noticeIds: readonly string[]): Promise<void> {
  const env = getEnv();
  if (!env.smtpUrl || !env.mailFrom || !noticeIds.length) return;
  try {
    const notices = await db.notification.findMany({ where: { id: { in: [...noticeIds] } } });
    for (const notice of notices) {
      const admins = await db.user.findMany({ where: { organizationId: notice.organizationId, role: "admin", deactivatedAt: null }, select: { email: true }, orderBy: { email: "asc" } });
      if (!admins.length) continue;
      const to = admins.map((admin) => admin.email);
      let mail: NoticeMail;
      if (notice.kind === "budget_threshold") {
        const project = await db.constellation.findFirst({ where: { id: notice.constellationId ?? "", organizationId: notice.organizationId }, select: { title: true } });
        mail = budgetMail(notice, project?.title ?? "(deleted project)", to, env.appOrigin);
      } else {
        mail = noticeMail({ ...notice, kind: notice.kind }, to, env.appOrigin);
      }
      await transporterFor(env.smtpUrl).sendMail({ from: env.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    }
  } catch (error) {
    getLogger().error({ err: error, noticeIds }, "failure notice mail not sent");
  }
}

/** Sends one mail if mail is configured; false when it is not or sending failed (logged). Never throws. */
export async function sendMail(mail: NoticeMail): Promise<boolean> {
  const env = getEnv();
  if (!env.smtpUrl || !env.mailFrom) return false;
  try {
    await transporterFor(env.smtpUrl).sendMail({ from: env.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    return true;
  } catch (error) {
    getLogger().error({ err: error, subject: mail.subject }, "mail not sent");
    return false;
  }
}
