"use client";
// Sign-up and log-in, one tab each. Both call the tRPC procedures that also set the session cookie.
import { useId, useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { api } from "@/trpc/client";
import { describeError, type DisplayError } from "@/trpc/errors";
import type { Account } from "@/trpc/types";

type Mode = "signup" | "login";

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function Field(props: { label: string; name: string; type?: string; autoComplete: string; minLength?: number; maxLength: number; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        minLength={props.minLength}
        maxLength={props.maxLength}
        required
      />
      {props.hint && <small>{props.hint}</small>}
    </div>
  );
}

export function AuthForms({ notice, onSignedIn }: { notice: string | null; onSignedIn: (account: Account) => void }) {
  const [mode, setMode] = useState<Mode>("signup");
  const [error, setError] = useState<DisplayError | null>(null);
  const [isPending, setIsPending] = useState(false);

  function switchTo(next: Mode) {
    setMode(next);
    setError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setIsPending(true);
    setError(null);
    try {
      const account =
        mode === "signup"
          ? await api.auth.signUp.mutate({
              email: field(form, "email"),
              password: field(form, "password"),
              name: field(form, "name"),
              organizationName: field(form, "organizationName"),
            })
          : await api.auth.logIn.mutate({ email: field(form, "email"), password: field(form, "password") });
      onSignedIn(account);
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <section className="card auth" aria-label="Account access">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={mode === "signup"} onClick={() => switchTo("signup")}>
          Create account
        </button>
        <button type="button" role="tab" aria-selected={mode === "login"} onClick={() => switchTo("login")}>
          Log in
        </button>
      </div>
      {notice && (
        <p className="notice notice-info" role="status">
          {notice}
        </p>
      )}
      {/* method="post" keeps credentials out of the URL should someone submit before the page is interactive. */}
      <form key={mode} method="post" onSubmit={submit} className="form">
        {mode === "signup" && <Field label="Your name" name="name" autoComplete="name" maxLength={200} />}
        <Field label="Email" name="email" type="email" autoComplete="email" maxLength={254} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
          minLength={mode === "signup" ? 8 : undefined}
          maxLength={200}
          hint={mode === "signup" ? "8 to 200 characters." : undefined}
        />
        {mode === "signup" && <Field label="Organization name" name="organizationName" autoComplete="organization" maxLength={200} />}
        <ErrorNotice error={error} />
        <button type="submit" className="button button-primary" disabled={isPending}>
          {isPending ? "Please wait…" : mode === "signup" ? "Create account" : "Log in"}
        </button>
        {mode === "signup" && <p className="muted small">You become the admin of a new organization on the Free plan.</p>}
      </form>
    </section>
  );
}
