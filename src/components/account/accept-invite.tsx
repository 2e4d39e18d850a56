"use client";
// Accepting an invitation: the organization, role and email come from the link; the invitee chooses
// a name and a password, is signed in, and lands in the app. A link that no longer works says why it
// may not and what to do.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { buttonClass, Form, LocalTime, TextField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD } from "@/components/ui/styles";
import { PASSWORD_HINT } from "@/components/ui/password-hint";
import { runtimeTimeZone } from "@/lib/time-zone";
import type { InviteView } from "@/server/contract/invite";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/limits";
import { useTRPC } from "@/trpc/react";

const FIELDS = ["name", "password"] as const;
const PANEL = cn(CARD, "w-[min(440px,100%)] [&_h1]:mb-3 [&_h1]:text-[1.35rem]");

export function AcceptInviteForm({ token, invite }: { token: string; invite: InviteView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errors = useServerErrors(FIELDS);
  const accept = useMutation(
    trpc.invites.accept.mutationOptions({
      onSuccess: () => {
        // A full load into the app: whatever was cached, and whoever was signed in in this browser before, is gone.
        queryClient.clear();
        window.location.assign("/timer");
      },
    }),
  );
  function submit(form: FormData) {
    // The browser's zone becomes the new member's first time-zone preference.
    return accept.mutateAsync({ token, name: String(form.get("name") ?? ""), password: String(form.get("password") ?? ""), timeZone: runtimeTimeZone() });
  }
  const role = invite.role === "admin" ? "an admin" : "a member";
  return (
    <section className={PANEL} aria-labelledby="invite-title">
      <h1 id="invite-title">Join {invite.organizationName}</h1>
      <p className="mt-0 text-muted-foreground" data-testid="invite-summary">
        {invite.invitedBy ? `${invite.invitedBy} invited you` : "You are invited"} to {invite.organizationName} on Orbit as {role}.
      </p>
      <dl className="my-4 grid gap-2 rounded-lg bg-background px-3.5 py-3 text-sm [&_dd]:m-0 [&_dd]:font-semibold [&_dd]:break-all [&_dt]:text-muted-foreground">
        <div>
          <dt>Your email</dt>
          <dd data-testid="invite-email">{invite.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{invite.role === "admin" ? "Admin" : "Member"}</dd>
        </div>
        <div>
          <dt>Link valid until</dt>
          <dd>
            <LocalTime value={invite.expiresAt} />
          </dd>
        </div>
      </dl>
      <Form errors={errors} onSubmit={submit} submitLabel="Join and sign in" isPending={accept.isSuccess} actionsAlign="stretch" method="post">
        {/* The email is fixed by the invitation; it is here for password managers. */}
        <input type="email" name="email" value={invite.email} autoComplete="username" readOnly hidden />
        <TextField label="Your name" name="name" autoComplete="name" maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("name")} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} required hint={PASSWORD_HINT} error={errors.fieldError("password")} />
      </Form>
    </section>
  );
}

export function InviteGone() {
  return (
    <section className={PANEL} aria-labelledby="invite-gone-title">
      <h1 id="invite-gone-title">This invitation link no longer works</h1>
      <p className="text-muted-foreground">It was used already, it expired (a link works for 7 days), or it is not complete. Ask an admin of your organization for a new invitation.</p>
      <p className="mb-0 text-muted-foreground">If you accepted it already, log in with the email and password you chose.</p>
      <p className="mb-0 mt-4">
        <Link className={buttonClass("primary")} href="/login">
          Log in
        </Link>
      </p>
    </section>
  );
}
