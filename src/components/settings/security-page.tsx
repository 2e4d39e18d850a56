"use client";
// Settings → Security: the person's two-factor sign-in (set up by QR code or typed secret, recovery
// codes shown once, turned off with password and code), their signed-in sessions (Sign out, Sign out
// everywhere else), and, for admins, whether the organization requires two-factor for everyone.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import QRCode from "qrcode";
import { CARD, noticeClass } from "@/components/ui/styles";
import { cn } from "@/components/ui/cn";
import { Badge } from "@/components/ui/badge";
import { useIsAdmin } from "@/components/ui/use-account";
import { ACTIONS, Button, CheckboxField, ConfirmDialog, CopyButton, EmptyState, Form, FormError, LocalTime, PagedQueryState, PageHeader, QueryState, Table, TextField, useServerErrors } from "@/components/ui";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { describeDevice } from "@/lib/user-agent";
import { MAX_PASSWORD_LENGTH, MAX_SECOND_FACTOR_CODE_LENGTH, TOTP_CODE_DIGITS } from "@/lib/limits";
import { SsoSettingsPanel } from "./sso-settings";
import { saveFile } from "@/components/ui/save-file";

const CODE_HINT = "The 6-digit code your authenticator app shows now, or one of your recovery codes.";

function useRefreshTwoFactor() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactor.queryKey() }), queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.pathKey() })]);
}

/** The QR code of an otpauth URI, drawn in the browser: the secret never goes to a third party. */
function QrCode({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => isCurrent && setDataUrl(url), () => isCurrent && setDataUrl(null));
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  // White around the code in the dark theme too: scanners need the contrast.
  return dataUrl ? <img src={dataUrl} width={200} height={200} alt="QR code to scan with your authenticator app" className="rounded-md bg-white p-2" /> : <div className="size-[200px] rounded-md bg-subtle" aria-hidden="true" />;
}

/** Ten recovery codes, shown this once: copy or download them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Orbit recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  const download = () => saveFile("orbit-recovery-codes.txt", new Blob([text], { type: "text/plain" }));
  return (
    <div className="grid gap-3">
      <p role="status" className={noticeClass("info")}>
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your authenticator. They are shown only now.
      </p>
      <ul className="m-0 grid grid-cols-2 gap-1.5 p-0 list-none font-mono max-[420px]:grid-cols-1" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-subtle px-2.5 py-1.5">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton value={codes.join("\n")} label="Copy codes" />
        <Button size="sm" onClick={download}>
          Download codes
        </Button>
        <Button size="sm" variant="primary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}

function SetUpTwoFactor({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const errors = useServerErrors(["code"]);
  const setup = useMutation(trpc.auth.setUpTwoFactor.mutationOptions());
  const enable = useMutation(trpc.auth.enableTwoFactor.mutationOptions());
  if (!setup.data) {
    return (
      <div className="grid gap-3">
        <p className="m-0 text-sm">Sign in with your password and a code from an authenticator app (1Password, Google Authenticator, Authy…), so a stolen password alone is not enough.</p>
        <div>
          <Button variant="primary" isPending={setup.isPending} onClick={() => setup.mutate()}>
            Set up two-factor sign-in
          </Button>
        </div>
        <FormError error={setup.error ? describeError(setup.error) : null} />
      </div>
    );
  }
  async function submit(form: FormData) {
    const { recoveryCodes } = await enable.mutateAsync({ code: String(form.get("code") ?? "") });
    onEnabled(recoveryCodes);
  }
  return (
    <div className="grid gap-4">
      <ol className="m-0 grid gap-1 pl-5 text-sm">
        <li>Scan the QR code with your authenticator app, or type the secret into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode uri={setup.data.otpauthUri} />
        <div className="grid min-w-0 flex-[1_1_220px] gap-2">
          <span className="text-[0.9rem] font-semibold" id="two-factor-secret-label">
            Secret
          </span>
          <code className="block break-all rounded-md bg-subtle px-[11px] py-[9px] font-mono" aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret">
            {setup.data.secret}
          </code>
          <div className="flex items-center gap-2">
            <CopyButton value={setup.data.secret} label="Copy secret" />
          </div>
        </div>
      </div>
      <Form errors={errors} submitLabel="Turn on two-factor" actionsAlign="start" onSubmit={submit}>
        <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={TOTP_CODE_DIGITS} required error={errors.fieldError("code")} />
      </Form>
    </div>
  );
}

function TurnOffTwoFactor({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const trpc = useTRPC();
  const refresh = useRefreshTwoFactor();
  const errors = useServerErrors(["password", "code"]);
  const disable = useMutation(trpc.auth.disableTwoFactor.mutationOptions({ onSuccess: () => void refresh() }));
  async function submit(form: FormData) {
    await disable.mutateAsync({ password: String(form.get("password") ?? ""), code: String(form.get("code") ?? "") });
  }
  return (
    <div className="grid gap-3">
      <p className="m-0 text-sm">
        <Badge tone="success">On</Badge> You sign in with your password and a code. {recoveryCodesLeft === 1 ? "1 recovery code is left." : `${recoveryCodesLeft} recovery codes are left.`}
      </p>
      <h3 className="m-0 text-[0.95rem]">Turn off two-factor sign-in</h3>
      <Form errors={errors} submitLabel="Turn off two-factor" submitVariant="danger" actionsAlign="start" onSubmit={submit}>
        <TextField label="Password" name="password" type="password" autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} required error={errors.fieldError("password")} />
        <TextField label="Code" name="code" autoComplete="one-time-code" maxLength={MAX_SECOND_FACTOR_CODE_LENGTH} required hint={CODE_HINT} error={errors.fieldError("code")} />
      </Form>
    </div>
  );
}

function TwoFactorPanel() {
  const trpc = useTRPC();
  const refresh = useRefreshTwoFactor();
  const status = useQuery(trpc.auth.twoFactor.queryOptions());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      {status.data?.required && !status.data.enabled && (
        <p role="alert" className={noticeClass("warning")}>
          Your organization requires two-factor sign-in. Set it up to use Orbit.
        </p>
      )}
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => {
            setRecoveryCodes(null);
            void refresh();
          }}
        />
      ) : (
        <QueryState query={status} loadingLabel="Loading…">
          {(data) =>
            data.enabled ? (
              <TurnOffTwoFactor recoveryCodesLeft={data.recoveryCodesLeft} />
            ) : (
              <SetUpTwoFactor
                onEnabled={(codes) => {
                  setRecoveryCodes(codes);
                  // The account may now reach the rest of the app.
                  void refresh();
                }}
              />
            )
          }
        </QueryState>
      )}
    </section>
  );
}

function SessionsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useInfiniteQuery(trpc.auth.sessions.infiniteQueryOptions({ limit: PAGE_SIZE.all }, pagedByCursor));
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.pathKey() });
  const revoke = useMutation(trpc.auth.revokeSession.mutationOptions({ onSettled: invalidate }));
  const revokeOthers = useMutation(trpc.auth.revokeOtherSessions.mutationOptions({ onSettled: invalidate }));
  const failure = revoke.error ?? revokeOthers.error;
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sessions-heading">Where you are signed in</h2>
        <ConfirmDialog
          title="Sign out everywhere else?"
          description="Every other browser and device signed in as you is signed out at once. This one stays signed in."
          confirmLabel="Sign out everywhere else"
          trigger={<Button>Sign out everywhere else</Button>}
          onConfirm={() => revokeOthers.mutateAsync()}
        />
      </div>
      <FormError error={failure ? describeError(failure) : null} />
      <PagedQueryState query={sessions} loadingLabel="Loading sessions…" empty={<EmptyState title="No signed-in sessions." />}>
        {(rows) => (
          <Table caption="Signed-in sessions" columns={["Device", "Address", "Last seen", "Signed in", ACTIONS]}>
            <tbody>
              {rows.map((session) => {
                const device = describeDevice(session.userAgent);
                return (
                  <tr key={session.id} data-testid="session-row">
                    <td className="break-words">
                      {device}
                      {session.current && (
                        <>
                          {" "}
                          <Badge tone="accent">This device</Badge>
                        </>
                      )}
                    </td>
                    <td data-label="Address" className="break-all">
                      {session.ip ?? "Unknown"}
                    </td>
                    <td data-label="Last seen">
                      <LocalTime value={session.lastSeenAt} />
                    </td>
                    <td data-label="Signed in">
                      <LocalTime value={session.createdAt} />
                    </td>
                    <td>
                      {!session.current && (
                        <Button size="sm" variant="danger" aria-label={`Sign out ${device}, last seen from ${session.ip ?? "an unknown address"}`} isPending={revoke.isPending && revoke.variables?.id === session.id} onClick={() => revoke.mutate({ id: session.id })}>
                          Sign out
                        </Button>
                      )}
                    </td>
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

function OrganizationSecurityPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const security = useQuery(trpc.organization.security.queryOptions());
  const errors = useServerErrors(["requireTwoFactor"]);
  const [isSaved, setIsSaved] = useState(false);
  const update = useMutation(
    trpc.organization.updateSecurity.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.organization.security.queryKey(), data);
        void queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactor.queryKey() });
      },
    }),
  );
  async function submit(form: FormData) {
    setIsSaved(false);
    await update.mutateAsync({ requireTwoFactor: form.get("requireTwoFactor") === "on" });
    setIsSaved(true);
  }
  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="organization-security-heading">
      <h2 id="organization-security-heading">Organization security</h2>
      <QueryState query={security} loadingLabel="Loading…">
        {(data) => (
          <Form
            errors={errors}
            submitLabel="Save"
            submitVariant="secondary"
            actionsAlign="start"
            onSubmit={submit}
            status={
              <span role="status" className="text-sm text-muted-foreground">
                {isSaved ? "Saved." : ""}
              </span>
            }
          >
            <CheckboxField
              label="Require two-factor for everyone"
              name="requireTwoFactor"
              defaultChecked={data.requireTwoFactor}
              hint="Members without two-factor sign-in can only set it up until it is on."
              error={errors.fieldError("requireTwoFactor")}
            />
          </Form>
        )}
      </QueryState>
    </section>
  );
}

export function SecurityPage() {
  const isAdmin = useIsAdmin();
  return (
    <>
      <PageHeader title="Security" description="Two-factor sign-in, the browsers and devices signed in as you, and your organization's sign-in rules." />
      <div className="grid gap-4 [&_h2]:m-0 [&_h2]:text-[1.05rem]">
        <TwoFactorPanel />
        <SessionsPanel />
        {isAdmin && <OrganizationSecurityPanel />}
        {isAdmin && <SsoSettingsPanel />}
      </div>
    </>
  );
}
