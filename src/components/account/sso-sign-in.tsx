"use client";
// Sign in with SSO: the email's domain names the organization whose identity provider signs the
// person in. The browser itself goes to the provider and back: submitting navigates to the start
// (a form submission could not follow its redirect to the provider: the page's CSP allows forms to
// send only to Orbit, `form-action 'self'`, and browsers apply that to redirects too). A refused sign-in
// comes back to the login page as `?sso=<reason>`, told here in words. The login page shows one way
// at a time (password, or SSO once chosen), so it never has two email fields side by side.
import { useState, type FormEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { CARD, noticeClass } from "@/components/ui/styles";
import { Button, TextField } from "@/components/ui";
import { MAX_EMAIL_LENGTH } from "@/lib/limits";

const REASONS: Record<string, string> = {
  invalid_email: "Enter your work email address to sign in with SSO.",
  no_organization: "No organization signs in with single sign-on for that email's domain. Log in with your password instead.",
  expired: "That sign-in took too long or was already used. Start again.",
  provider_refused: "Your identity provider did not sign you in. Start again, or ask your IT team.",
  unverified_email: "Your identity provider has not verified your email address, so Orbit cannot sign you in with it.",
  wrong_domain: "The account you chose at your identity provider has an email of another domain than your organization's.",
  other_organization: "This email belongs to an account of another organization in Orbit. Log in with your password.",
  deactivated: "This account has been deactivated; ask an admin of your organization to reactivate it.",
  failed: "Single sign-on could not be completed. Try again, or ask an admin of your organization.",
  too_many: "Too many sign-in attempts from your network. Wait a few minutes and try again.",
};

export function ssoReasonMessage(reason: string | undefined): string | undefined {
  return reason === undefined ? undefined : (REASONS[reason] ?? REASONS.failed);
}

const SSO_START = "/api/app/auth/sso/start";

/** Goes to the start as a navigation, which `form-action` does not govern (the field's own checks ran already). */
function startSso(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const email = String(new FormData(event.currentTarget).get("email") ?? "");
  window.location.assign(`${SSO_START}?${new URLSearchParams({ email })}`);
}

function SsoSignIn({ reason, onPassword }: { reason?: string; onPassword: () => void }) {
  const message = ssoReasonMessage(reason);
  return (
    <section className={cn(CARD, "w-[min(420px,100%)] [&_h2]:text-[1.05rem] [&_h2]:mb-3")} aria-labelledby="sso-title">
      <h2 id="sso-title">Single sign-on</h2>
      {message && (
        <div className={cn(noticeClass("error"), "mb-3")} role="alert">
          <p>{message}</p>
        </div>
      )}
      <form method="get" action={SSO_START} onSubmit={startSso} className="grid gap-3">
        <TextField label="Work email" name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LENGTH} required autoFocus />
        <Button type="submit" variant="primary">
          Sign in with SSO
        </Button>
        <Button type="button" variant="secondary" onClick={onPassword}>
          Log in with a password instead
        </Button>
      </form>
    </section>
  );
}

/** The login's two ways: the password form (given as children), or SSO once chosen (or when an SSO sign-in came back refused). */
export function LoginWays({ ssoReason, children }: { ssoReason?: string; children: ReactNode }) {
  const [way, setWay] = useState<"password" | "sso">(ssoReason === undefined ? "password" : "sso");
  if (way === "sso") return <SsoSignIn reason={ssoReason} onPassword={() => setWay("password")} />;
  return (
    <>
      {children}
      <div className="w-[min(420px,100%)] grid">
        <Button type="button" variant="secondary" onClick={() => setWay("sso")}>
          Sign in with SSO
        </Button>
      </div>
    </>
  );
}
