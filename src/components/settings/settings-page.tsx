"use client";
// Settings: the organization and its plan, invoicing details (admins), who manages customers and
// projects, its members (admins invite people and run the team), the person's own calendar feed URL
// (create, copy, regenerate, revoke), and the way to import and export data.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { CARD, noticeClass } from "@/components/ui/styles";
import { cn } from "@/components/ui/cn";
import { badgeClass } from "@/components/ui/badge";
import { useAccount, useIsAdmin } from "@/components/ui/use-account";
import { Button, buttonClass, ConfirmDialog, CopyButton, Form, FormError, PageHeader, QueryState, TextField, useServerErrors } from "@/components/ui";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/limits";
import { PASSWORD_HINT } from "@/components/ui/password-hint";
import { PreferencesPanel } from "./preferences-form";
import { MembersPanel } from "./members-panel";
import { CustomerManagersPanel, InvoicingPanel } from "./organization-settings";

const PLANS = [
  { plan: "free", title: "Free", grants: "Time tracking, tasks, invoices and the calendar feed. No API keys or webhooks." },
  { plan: "pro", title: "Pro", grants: "Adds custom integrations: API keys for the public API and signed webhooks." },
] as const;

function OrganizationPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const account = useAccount();
  const isAdmin = useIsAdmin();
  const setPlan = useMutation(trpc.organization.setPlan.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }) }));
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="organization-heading">
      <h2 id="organization-heading">Organization and plan</h2>
      <dl className="grid grid-cols-2 gap-3 my-5 max-[860px]:grid-cols-1 [&>div:first-child]:col-span-full [&>div]:bg-background [&>div]:rounded-lg [&>div]:px-3 [&>div]:py-2.5 [&_dt]:text-xs [&_dt]:uppercase [&_dt]:tracking-[0.05em] [&_dt]:text-muted-foreground [&_dd]:mt-0.5 [&_dd]:mx-0 [&_dd]:mb-0 [&_dd]:font-semibold [&_dd]:wrap-anywhere">
        <div>
          <dt>Organization</dt>
          <dd data-testid="organization-name">{account.organization.name}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            <span className={badgeClass(account.organization.plan === "pro" ? "accent" : "neutral")} data-testid="plan">
              {account.organization.plan}
            </span>
          </dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd data-testid="role">{account.role}</dd>
        </div>
      </dl>
      <div className="grid gap-2.5 mb-3">
        {PLANS.map(({ plan, title, grants }) => {
          const isCurrent = account.organization.plan === plan;
          return (
            <div key={plan} className={cn("rounded-lg border px-3.5 py-3 [&_p]:mt-1", isCurrent ? "border-primary bg-primary-soft [&_p]:mb-0" : "border-border [&_p]:mb-2.5")}>
              <div className="flex justify-between items-baseline">
                <strong>{title}</strong>
                {isCurrent && <span className="text-muted-foreground text-sm">Current plan</span>}
              </div>
              <p className="text-sm">{grants}</p>
              {!isCurrent && isAdmin && (
                <Button variant={plan === "pro" ? "primary" : "secondary"} isPending={setPlan.isPending && setPlan.variables?.plan === plan} onClick={() => setPlan.mutate({ plan })}>
                  {`Switch to ${title}`}
                </Button>
              )}
            </div>
          );
        })}
      </div>
      {!isAdmin && <p className="text-muted-foreground text-sm">Only admins change the plan.</p>}
      <FormError error={setPlan.error ? describeError(setPlan.error) : null} />
    </section>
  );
}

function CalendarFeedPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feed = useQuery(trpc.calendarFeed.get.queryOptions());
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.calendarFeed.get.queryKey() });
  const create = useMutation(trpc.calendarFeed.create.mutationOptions({ onSuccess: (data) => queryClient.setQueryData(trpc.calendarFeed.get.queryKey(), data) }));
  const revoke = useMutation(trpc.calendarFeed.revoke.mutationOptions({ onSettled: invalidate }));
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="feed-heading">
      <h2 id="feed-heading">Calendar feed</h2>
      <p className="text-muted-foreground text-sm">
        A private address your calendar app (Google Calendar, Apple Calendar, Outlook) can subscribe to: your time logs of the last 90 days, read-only. Anyone with the address can read
        it; regenerate it if it leaks.
      </p>
      <QueryState query={feed}>
        {(data) =>
          data ? (
            <div className="grid gap-4">
              <div className="flex items-center gap-2 flex-wrap">
                <input className="flex-[1_1_260px] min-w-0 font-mono text-[0.85rem]" readOnly value={data.url} aria-label="Calendar feed URL" data-testid="calendar-feed-url" onFocus={(event) => event.currentTarget.select()} />
                <CopyButton value={data.url} label="Copy URL" />
              </div>
              <div className="flex gap-2 items-center flex-wrap">
                <ConfirmDialog
                  variant="primary"
                  title="Regenerate the calendar URL?"
                  description="Calendars subscribed to the current address stop updating until you give them the new one."
                  confirmLabel="Regenerate URL"
                  trigger={<Button>Regenerate URL</Button>}
                  onConfirm={() => create.mutateAsync()}
                />
                <ConfirmDialog
                  title="Revoke the calendar URL?"
                  description="The address stops working at once. You can create a new one later."
                  confirmLabel="Revoke URL"
                  trigger={<Button variant="danger">Revoke URL</Button>}
                  onConfirm={() => revoke.mutateAsync()}
                />
              </div>
            </div>
          ) : (
            <div>
              <Button variant="primary" isPending={create.isPending} onClick={() => create.mutate()}>
                Create calendar URL
              </Button>
            </div>
          )
        }
      </QueryState>
      <FormError error={create.error && !create.isPending ? describeError(create.error) : null} />
    </section>
  );
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword"] as const;

/** Your own password; changing it signs you out everywhere else. */
function PasswordPanel() {
  const trpc = useTRPC();
  const errors = useServerErrors(PASSWORD_FIELDS);
  const [isChanged, setIsChanged] = useState(false);
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  async function submit(data: FormData, form: HTMLFormElement) {
    setIsChanged(false);
    await change.mutateAsync({ currentPassword: String(data.get("currentPassword") ?? ""), newPassword: String(data.get("newPassword") ?? "") });
    form.reset();
    setIsChanged(true);
  }
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <Form errors={errors} submitLabel="Change password" submitVariant="secondary" onSubmit={submit}>
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} required error={errors.fieldError("currentPassword")} />
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} required hint={`${PASSWORD_HINT} Your other sessions are signed out.`} error={errors.fieldError("newPassword")} />
        {isChanged && (
          <p role="status" className={noticeClass("info")}>
            Password changed. Other browsers and devices are signed out.
          </p>
        )}
      </Form>
    </section>
  );
}

/** Two-factor sign-in and signed-in sessions: their own page. */
function SecurityPanel() {
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="security-heading">
      <h2 id="security-heading">Security</h2>
      <p className="m-0 text-muted-foreground text-sm">Two-factor sign-in, the browsers and devices signed in as you, and (admins) requiring two-factor for everyone and single sign-on.</p>
      <div>
        <Link className={buttonClass("secondary")} href="/settings/security">
          Security settings
        </Link>
      </div>
    </section>
  );
}

/** Apps: those installed here, and those this organization makes for others to install. */
function AppsPanel() {
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="apps-heading">
      <h2 id="apps-heading">Apps</h2>
      <p className="m-0 text-muted-foreground text-sm">Apps installed in this organization, and the apps it registers for other organizations to install (OAuth 2.0).</p>
      <div className="flex flex-wrap gap-2">
        <Link className={buttonClass("secondary")} href="/settings/apps">
          Apps
        </Link>
        <Link className={buttonClass("secondary")} href="/settings/developer-apps">
          Developer apps
        </Link>
      </div>
    </section>
  );
}

/** The organization's audit log: its own page, with filters and the CSV. */
function AuditLogPanel() {
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading">Audit log</h2>
      <p className="m-0 text-muted-foreground text-sm">Who changed what in this organization and from where: sign-ins, members and roles, API keys, apps, webhooks, exports and invoices.</p>
      <div>
        <Link className={buttonClass("secondary")} href="/settings/audit-log">
          Audit log
        </Link>
      </div>
    </section>
  );
}

/** Where the organization's data comes in and goes out: its own page, with the preview an import needs. */
function DataPanel() {
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="data-heading">
      <h2 id="data-heading">Import and export</h2>
      <p className="m-0 text-muted-foreground text-sm">Bring your history from Toggl Track, Clockify or Harvest, or take all of Orbit&apos;s data out as a ZIP of CSV files.</p>
      <div>
        <Link className={buttonClass("secondary")} href="/settings/data">
          Import and export data
        </Link>
      </div>
    </section>
  );
}

export function SettingsPage() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader title="Settings" description="Your organization, its plan, invoicing and members, your preferences, your calendar feed, your password, and importing and exporting data." />
      <div className="grid grid-cols-2 gap-4 items-start max-[900px]:grid-cols-1 [&>section:last-child]:col-span-full [&_h2]:text-[1.05rem] [&_h2]:m-0 [&_dl]:m-0">
        <OrganizationPanel />
        <PreferencesPanel />
        {isAdmin && <InvoicingPanel />}
        <CustomerManagersPanel />
        <CalendarFeedPanel />
        <PasswordPanel />
        <SecurityPanel />
        {isAdmin && <AuditLogPanel />}
        <MembersPanel />
        <DataPanel />
        {isAdmin && <AppsPanel />}
      </div>
    </>
  );
}
