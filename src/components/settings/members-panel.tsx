"use client";
// Settings → Members: everyone sees who they work with; admins invite people by link (mailed when
// mail is configured), add them with a password, change roles, deactivate and reactivate. The server
// keeps the last admin: its refusal is shown in the dialog, in its words.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CARD, noticeClass } from "@/components/ui/styles";
import { useAccount, useIsAdmin } from "@/components/ui/use-account";
import { ACTIONS, Button, ConfirmDialog, ConfirmRowAction, CopyButton, DialogClose, EmptyState, Form, FormDialog, LocalTime, MoneyField, PagedQueryState, SelectField, Table, TextField, useServerErrors } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/limits";
import type { MemberView } from "@/server/contract/account";
import { PASSWORD_HINT } from "@/components/ui/password-hint";
import { moneyInputValue, parseMoney } from "@/lib/money";
import type { MemberRatesView } from "@/server/contract/rates";

/**
 * A member's rates apply in the currency of whichever customer a log bills (as its invoice is), so they
 * are typed as plain amounts, read with two decimals.
 */
const RATE_CURRENCY = "USD";
const RATE_FIELDS = ["billableRateCents", "costRateCents"] as const;

/** An admin sets a member's billable rate (used when neither the project nor the pair has one) and cost rate (reports' cost and margin). */
function RatesDialog({ rates }: { rates: MemberRatesView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errors = useServerErrors(RATE_FIELDS);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutation(trpc.rates.setMemberRates.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.rates.listMemberRates.pathKey() }) }));
  async function submit(form: FormData) {
    const billable = parseMoney(text(form, "billableRateCents"), RATE_CURRENCY);
    const cost = parseMoney(text(form, "costRateCents"), RATE_CURRENCY);
    const found: Record<string, string> = {};
    if (!billable.ok) found.billableRateCents = billable.error;
    if (!cost.ok) found.costRateCents = cost.error;
    setProblems(found);
    if (!billable.ok || !cost.ok) return false;
    return save.mutateAsync({ userId: rates.userId, billableRateCents: billable.minorUnits, costRateCents: cost.minorUnits });
  }
  return (
    <FormDialog
      title={`Rates of ${rates.name}`}
      description="Hourly amounts. The billable rate applies when the project has no rate for this member or of its own; empty uses the customer's. The cost rate gives reports their cost and margin."
      trigger={
        <Button size="sm" aria-label={`Rates of ${rates.name}`}>
          Rates
        </Button>
      }
    >
      <Form errors={errors} submitLabel="Save rates" onSubmit={submit}>
        <MoneyField label="Billable rate" name="billableRateCents" currency={null} hint="e.g. 120 or 120,50" defaultValue={moneyInputValue(rates.billableRateCents, RATE_CURRENCY)} error={problems.billableRateCents ?? errors.fieldError("billableRateCents")} />
        <MoneyField label="Cost rate" name="costRateCents" currency={null} hint="What an hour of their time costs" defaultValue={moneyInputValue(rates.costRateCents, RATE_CURRENCY)} error={problems.costRateCents ?? errors.fieldError("costRateCents")} />
      </Form>
    </FormDialog>
  );
}

const ROLE_OPTIONS = [
  { value: "member", label: "Member" },
  { value: "admin", label: "Admin" },
];

const roleOf = (form: FormData) => (form.get("role") === "admin" ? "admin" : "member");
const text = (form: FormData, name: string) => String(form.get(name) ?? "");

function useRefreshMembers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.organization.listMembers.pathKey() });
}

const INVITE_FIELDS = ["email", "role"] as const;

interface SentInvite {
  email: string;
  url: string;
  expiresAt: string;
  isMailed: boolean;
}

/** Invites an email with a role; the link is shown to copy (it works once, for 7 days). */
function InviteDialog() {
  const trpc = useTRPC();
  const errors = useServerErrors(INVITE_FIELDS);
  const [sent, setSent] = useState<SentInvite | null>(null);
  const invite = useMutation(trpc.invites.create.mutationOptions());
  async function submit(form: FormData) {
    const email = text(form, "email");
    const link = await invite.mutateAsync({ email, role: roleOf(form) });
    setSent({ email, ...link });
  }
  return (
    <FormDialog
      title={sent ? "Invitation ready" : "Invite member"}
      description={sent ? undefined : "They get a link to choose their name and password. The link works once, for 7 days."}
      trigger={<Button variant="primary">Invite member</Button>}
      onClose={() => {
        setSent(null);
        invite.reset();
      }}
      result={
        sent && (
          <div className="grid gap-4">
            <p className={noticeClass("info")} role="status" data-testid="invite-mail-status">
              {sent.isMailed ? `We emailed the link to ${sent.email}. You can also send it yourself.` : `No email was sent (mail is not set up on this server). Send ${sent.email} this link yourself.`}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <input
                className="min-w-0 flex-[1_1_260px] font-mono text-[0.85rem]"
                readOnly
                value={sent.url}
                aria-label="Invitation link"
                data-testid="invite-url"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={sent.url} label="Copy link" />
            </div>
            <p className="m-0 text-sm text-muted-foreground">
              Valid until <LocalTime value={sent.expiresAt} />.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button variant="primary">Done</Button>
              </DialogClose>
            </div>
          </div>
        )
      }
    >
      <Form errors={errors} submitLabel="Create invitation" onSubmit={submit}>
        <TextField label="Email" name="email" type="email" autoComplete="off" maxLength={MAX_EMAIL_LENGTH} required error={errors.fieldError("email")} />
        <SelectField label="Role" name="role" defaultValue="member" options={ROLE_OPTIONS} hint="Admins manage the team, billing and integrations." error={errors.fieldError("role")} />
      </Form>
    </FormDialog>
  );
}

const MEMBER_FIELDS = ["name", "email", "password", "role"] as const;

/** Adds someone directly with a password the admin chooses (for people who cannot receive a link). */
function AddMemberDialog() {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  const errors = useServerErrors(MEMBER_FIELDS);
  const add = useMutation(trpc.organization.addMember.mutationOptions({ onSuccess: refresh }));
  function submit(form: FormData) {
    return add.mutateAsync({ name: text(form, "name"), email: text(form, "email"), password: text(form, "password"), role: roleOf(form) });
  }
  return (
    <FormDialog title="Add member" description="They sign in with this email and password and can change the password later." trigger={<Button>Add member</Button>}>
      <Form errors={errors} submitLabel="Add to organization" onSubmit={submit}>
        <TextField label="Name" name="name" autoComplete="off" maxLength={MAX_NAME_LENGTH} required error={errors.fieldError("name")} />
        <TextField label="Email" name="email" type="email" autoComplete="off" maxLength={MAX_EMAIL_LENGTH} required error={errors.fieldError("email")} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} required hint={PASSWORD_HINT} error={errors.fieldError("password")} />
        <SelectField label="Role" name="role" defaultValue="member" options={ROLE_OPTIONS} error={errors.fieldError("role")} />
      </Form>
    </FormDialog>
  );
}

/** An admin's actions on one member: the role, then deactivate or reactivate (never on themselves). */
function MemberActions({ member, isSelf, rates }: { member: MemberView; isSelf: boolean; rates: MemberRatesView | undefined }) {
  const trpc = useTRPC();
  const refresh = useRefreshMembers();
  const setRole = useMutation(trpc.organization.setMemberRole.mutationOptions({ onSuccess: refresh }));
  const deactivate = useMutation(trpc.organization.deactivateMember.mutationOptions({ onSuccess: refresh }));
  const reactivate = useMutation(trpc.organization.reactivateMember.mutationOptions({ onSuccess: refresh }));
  const nextRole = member.role === "admin" ? "member" : "admin";
  const who = isSelf ? "yourself" : member.name;
  return (
    <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
      {rates && <RatesDialog rates={rates} />}
      {!member.deactivatedAt && (
        <ConfirmDialog
          variant="primary"
          title={nextRole === "admin" ? `Make ${member.name} an admin?` : `Make ${who} a member?`}
          description={
            nextRole === "admin"
              ? "Admins manage the team, the plan, billing rates, invoices and integrations, and see everyone's time."
              : isSelf
                ? "You lose the admin pages at once. Another admin can make you an admin again."
                : "They keep their time and see only their own time from now on."
          }
          confirmLabel={nextRole === "admin" ? "Make admin" : "Make member"}
          trigger={
            <Button size="sm" aria-label={nextRole === "admin" ? `Make ${member.name} an admin` : `Make ${member.name} a member`}>
              {nextRole === "admin" ? "Make admin" : "Make member"}
            </Button>
          }
          onConfirm={() => setRole.mutateAsync({ userId: member.userId, role: nextRole })}
        />
      )}
      {member.deactivatedAt ? (
        <ConfirmDialog
          variant="primary"
          title={`Reactivate ${member.name}?`}
          description="They can sign in again with their email and password."
          confirmLabel="Reactivate"
          trigger={
            <Button size="sm" aria-label={`Reactivate ${member.name}`}>
              Reactivate
            </Button>
          }
          onConfirm={() => reactivate.mutateAsync({ userId: member.userId })}
        />
      ) : (
        !isSelf && (
          <ConfirmRowAction
            action="Deactivate"
            name={member.name}
            title={`Deactivate ${member.name}?`}
            description="They are signed out everywhere at once and cannot sign in. Their time stays in reports and invoices; you can reactivate them later."
            confirmLabel="Deactivate"
            onConfirm={() => deactivate.mutateAsync({ userId: member.userId })}
          />
        )
      )}
    </div>
  );
}

export function MembersPanel() {
  const trpc = useTRPC();
  const account = useAccount();
  const isAdmin = useIsAdmin();
  const members = useInfiniteQuery(trpc.organization.listMembers.infiniteQueryOptions({ limit: PAGE_SIZE.all }, pagedByCursor));
  // Admins only: each member's rates, for the Rates dialog of their row.
  const rates = useQuery({ ...trpc.rates.listMemberRates.queryOptions({ limit: PAGE_SIZE.all }), enabled: isAdmin });
  const ratesOf = new Map((rates.data?.items ?? []).map((row) => [row.userId, row]));
  return (
    <section className={cn(CARD, "col-span-full grid gap-4")} aria-labelledby="members-heading">
      <div className="mb-2.5 flex flex-wrap items-center justify-between gap-3 [&_h2]:m-0">
        <h2 id="members-heading">Members</h2>
        {isAdmin && (
          <div className="flex flex-wrap gap-2">
            <AddMemberDialog />
            <InviteDialog />
          </div>
        )}
      </div>
      {!isAdmin && <p className="m-0 text-sm text-muted-foreground">Only admins invite people and change roles.</p>}
      <PagedQueryState query={members} loadingLabel="Loading members…" empty={<EmptyState title="No members." />}>
        {(rows) => (
          <Table caption="Members" columns={["Name", "Email", "Role", "State", "Joined", isAdmin && ACTIONS]}>
            <tbody>
              {rows.map((member) => {
                const isSelf = member.userId === account.user.id;
                return (
                  <tr key={member.id} data-testid="member-row">
                    <td className="break-words">
                      {member.name}
                      {isSelf && <span className="font-normal text-muted-foreground"> (you)</span>}
                    </td>
                    <td data-label="Email" className="break-all">
                      {member.email}
                    </td>
                    <td data-label="Role" data-testid="member-role">
                      {member.role === "admin" ? "Admin" : "Member"}
                    </td>
                    <td data-label="State" data-testid="member-state">
                      {member.deactivatedAt ? <Badge tone="warning">Deactivated</Badge> : <Badge tone="success">Active</Badge>}
                    </td>
                    <td data-label="Joined">
                      <LocalTime value={member.createdAt} format="date" />
                    </td>
                    {isAdmin && (
                      <td>
                        <MemberActions member={member} isSelf={isSelf} rates={ratesOf.get(member.userId)} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </section>
  );
}
