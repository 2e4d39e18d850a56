"use client";
// Log-in or sign-up. Both procedures set the session cookie; then the person goes where they were
// headed (`next`), inside the app without a reload. A login whose password was right for an account
// with two-factor on asks for the code next (or a recovery code), the email and password kept.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { CARD } from "@/components/ui/styles";
import { Form, TextField, useServerErrors } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { describeError } from "@/trpc/errors";
import { PASSWORD_HINT } from "@/components/ui/password-hint";
import { runtimeTimeZone } from "@/lib/time-zone";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MAX_SECOND_FACTOR_CODE_LENGTH, MIN_PASSWORD_LENGTH, TOTP_CODE_DIGITS } from "@/lib/limits";

const FIELDS = ["name", "email", "password", "organizationName", "code"] as const;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function AuthForm({ mode, next }: { mode: "login" | "signup"; next: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const errors = useServerErrors(FIELDS);
  const onSuccess = () => {
    // Whatever was cached belonged to nobody or to someone else.
    queryClient.clear();
    router.replace(next);
  };
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({ onSuccess }));
  const logIn = useMutation(trpc.auth.logIn.mutationOptions({ onSuccess }));
  // Signed in: the button stays busy while the page moves on.
  const isSignedIn = signUp.isSuccess || logIn.isSuccess;
  const isSignup = mode === "signup";
  // Asked for once the server said the password was right and a code is needed.
  const [isCodeAsked, setIsCodeAsked] = useState(false);
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const otherHref = `${isSignup ? "/login" : "/signup"}${next === "/timer" ? "" : `?next=${encodeURIComponent(next)}`}`;

  function submit(form: FormData) {
    if (isSignup) {
      // The browser's zone becomes the account's first time-zone preference.
      return signUp.mutateAsync({ name: text(form, "name"), email: text(form, "email"), password: text(form, "password"), organizationName: text(form, "organizationName"), timeZone: runtimeTimeZone() });
    }
    const code = text(form, "code");
    return logIn.mutateAsync({ email: text(form, "email"), password: text(form, "password"), ...(isCodeAsked && code ? { code } : {}) }).catch((error: unknown) => {
      // The first answer for a two-factor account: not a mistake, the next step.
      if (!isCodeAsked && describeError(error).details.some((detail) => detail.field === "code")) {
        setIsCodeAsked(true);
        return;
      }
      throw error;
    });
  }

  return (
    <section className={cn(CARD, "w-[min(420px,100%)] [&_h1]:text-[1.35rem] [&_h1]:mb-4")} aria-labelledby="auth-title">
      <h1 id="auth-title">{isSignup ? "Create your account" : "Log in to Orbit"}</h1>
      <Form errors={errors} onSubmit={submit} submitLabel={isSignup ? "Create account" : "Log in"} isPending={isSignedIn} actionsAlign="stretch" method="post" validatesInBrowser>
        {isSignup && <TextField label="Your name" name="name" autoComplete="name" maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("name")} />}
        <TextField label="Email" name="email" type="email" autoComplete="email" maxLength={MAX_EMAIL_LENGTH} required error={errors.fieldError("email")} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={isSignup ? "new-password" : "current-password"}
          minLength={isSignup ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={MAX_PASSWORD_LENGTH}
          required
          hint={isSignup ? PASSWORD_HINT : undefined}
          error={errors.fieldError("password")}
        />
        {isCodeAsked &&
          (isRecoveryCode ? (
            <TextField key="recovery" label="Recovery code" name="code" autoComplete="off" autoFocus maxLength={MAX_SECOND_FACTOR_CODE_LENGTH} required hint="One of the recovery codes you saved when you turned on two-factor sign-in. Each works once." error={errors.fieldError("code")} />
          ) : (
            <TextField key="totp" label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={TOTP_CODE_DIGITS} required hint="Two-factor sign-in is on for this account: enter the 6-digit code your app shows now." error={errors.fieldError("code")} />
          ))}
        {isSignup && <TextField label="Organization name" name="organizationName" autoComplete="organization" maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("organizationName")} />}
      </Form>
      {isCodeAsked && (
        <p className="mt-3.5 mb-0 text-sm text-center">
          <button type="button" className="cursor-pointer border-0 bg-transparent p-0 text-primary underline" onClick={() => setIsRecoveryCode((isRecovery) => !isRecovery)}>
            {isRecoveryCode ? "Use a code from your authenticator app" : "Use a recovery code"}
          </button>
        </p>
      )}
      {isSignup && <p className="mt-3.5 mb-0 text-sm text-muted-foreground">You become the admin of a new organization on the Free plan.</p>}
      <p className="text-sm mt-4 mb-0 text-center">
        {isSignup ? "Already have an account? " : "New to Orbit? "}
        <Link href={otherHref}>{isSignup ? "Log in" : "Create an account"}</Link>
      </p>
    </section>
  );
}
