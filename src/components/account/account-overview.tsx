"use client";
// The signed-in view: who you are, your organization and its plan, the plan switch and log-out.
import Link from "next/link";
import { useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { api } from "@/trpc/client";
import { describeError, type DisplayError } from "@/trpc/errors";
import type { Account, Plan } from "@/trpc/types";

const PLANS: { plan: Plan; title: string; grants: string }[] = [
  { plan: "free", title: "Free", grants: "Time tracking in the app. No API keys or webhooks." },
  { plan: "pro", title: "Pro", grants: "Adds custom integrations: API keys for the public API and signed webhooks." },
];

interface Props {
  account: Account;
  onChange: (account: Account) => void;
  onSignedOut: (message: string | null) => void;
}

export function AccountOverview({ account, onChange, onSignedOut }: Props) {
  const [error, setError] = useState<DisplayError | null>(null);
  const [pendingAction, setPendingAction] = useState<string | null>(null);
  const isAdmin = account.role === "admin";

  async function run(action: string, call: () => Promise<void>) {
    setPendingAction(action);
    setError(null);
    try {
      await call();
    } catch (caught) {
      const problem = describeError(caught);
      // The session ended elsewhere (expired, logged out in another tab): back to the log-in form.
      if (problem.code === "unauthorized") onSignedOut(problem.message);
      else setError(problem);
    } finally {
      setPendingAction(null);
    }
  }

  const switchPlan = (plan: Plan) =>
    run(`plan:${plan}`, async () => {
      const { organization } = await api.organization.setPlan.mutate({ plan });
      onChange({ ...account, organization });
    });

  const logOut = () =>
    run("logout", async () => {
      await api.auth.logOut.mutate();
      onSignedOut("You are logged out.");
    });

  return (
    <section className="card account" aria-label="Your account">
      <header className="account-header">
        <div>
          <h2>Welcome, {account.user.name}</h2>
          <p className="muted">Signed in as {account.user.email}</p>
        </div>
        <button type="button" className="button" onClick={logOut} disabled={pendingAction !== null}>
          {pendingAction === "logout" ? "Logging out…" : "Log out"}
        </button>
      </header>

      <dl className="facts">
        <div>
          <dt>Organization</dt>
          <dd data-testid="organization-name">{account.organization.name}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            <span className={`badge badge-${account.organization.plan}`} data-testid="plan">
              {account.organization.plan}
            </span>
          </dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd data-testid="role">{account.role}</dd>
        </div>
      </dl>

      <h3>Plan</h3>
      <div className="plans">
        {PLANS.map(({ plan, title, grants }) => {
          const isCurrent = account.organization.plan === plan;
          return (
            <div key={plan} className={`plan${isCurrent ? " plan-current" : ""}`}>
              <div className="plan-title">
                <strong>{title}</strong>
                {isCurrent && <span className="muted small">Current plan</span>}
              </div>
              <p className="small">{grants}</p>
              {!isCurrent && (
                <button type="button" className={plan === "pro" ? "button button-primary" : "button"} onClick={() => switchPlan(plan)} disabled={!isAdmin || pendingAction !== null}>
                  {pendingAction === `plan:${plan}` ? "Switching…" : `Switch to ${title}`}
                </button>
              )}
            </div>
          );
        })}
      </div>
      {!isAdmin && <p className="muted small">Only admins can change the plan.</p>}
      <ErrorNotice error={error} />
      <p className="small">
        Building an integration? Read the <Link href="/docs/api">API reference</Link>.
      </p>
    </section>
  );
}
