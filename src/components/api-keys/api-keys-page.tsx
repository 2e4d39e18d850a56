"use client";
// API keys: the organization's keys (name, scopes, limit, last used, expiry, state); admins on Pro
// create keys (shown once, with a copy button) and revoke them after confirming.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { cn } from "@/components/ui/cn";
import { FORM_GRID, noticeClass } from "@/components/ui/styles";
import { Pill } from "@/components/ui/badge";
import { useIsAdmin, useIsPro } from "@/components/ui/use-account";
import { ACTIONS, Button, CheckboxGroup, ConfirmRowAction, DateTimeField, DialogClose, EmptyState, Form, FormDialog, LocalTime, PageHeader, QueryState, SecretValue, Table, TextField, unreadableDateTime, useServerErrors } from "@/components/ui";
import { fromLocalInputValue } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { MAX_NAME_LENGTH } from "@/lib/limits";
import { scopeSections } from "./scope-groups";

type ApiKeyRecord = RouterOutputs["apiKeys"]["list"][number];
type CreatedKey = RouterOutputs["apiKeys"]["create"];

const FIELDS = ["name", "scopes", "rateLimitPerHour", "expiresAt"] as const;
const SECTIONS = scopeSections();

function keyState(key: ApiKeyRecord, now: number): "Active" | "Revoked" | "Expired" {
  if (!key.isActive) return "Revoked";
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return "Expired";
  return "Active";
}

function CreateKeyDialog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errors = useServerErrors(FIELDS);
  const [scopes, setScopes] = useState<string[]>([]);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [expiresError, setExpiresError] = useState<string | undefined>();
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (key) => {
        setCreated(key);
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );

  function submit(form: FormData) {
    const limit = String(form.get("rateLimitPerHour") ?? "").trim();
    const typedExpiry = String(form.get("expiresAt") ?? "").trim();
    const expiresAt = typedExpiry ? fromLocalInputValue(typedExpiry) : null;
    // Empty means never; anything else must read as a date and time, or it would silently mean never.
    setExpiresError(typedExpiry && !expiresAt ? unreadableDateTime() : undefined);
    if (typedExpiry && !expiresAt) return false;
    return create.mutateAsync({
      name: String(form.get("name") ?? ""),
      scopes: scopes as never,
      ...(limit ? { rateLimitPerHour: Number(limit) } : {}),
      ...(expiresAt ? { expiresAt: expiresAt as never } : {}),
    });
  }

  function reset() {
    setCreated(null);
    setScopes([]);
    setExpiresError(undefined);
    create.reset();
  }

  return (
    <FormDialog
      title={created ? "Your new API key" : "Create API key"}
      trigger={<Button variant="primary">Create key</Button>}
      onClose={reset}
      result={
        created && (
          <div className="grid gap-4">
            <p className={noticeClass("warning")} role="alert">
              Copy this key now. It is shown only once; Orbit keeps only a hash of it.
            </p>
            <SecretValue value={created.key} copyLabel="Copy key" testId="new-api-key" />
            <div className="flex justify-end gap-2 flex-wrap">
              <DialogClose asChild>
                <Button variant="primary">Done</Button>
              </DialogClose>
            </div>
          </div>
        )
      }
    >
      <Form errors={errors} submitLabel="Create API key" onSubmit={submit}>
        <TextField label="Name" name="name" maxLength={MAX_NAME_LENGTH} required placeholder="Billing sync" error={errors.fieldError("name")} />
        <CheckboxGroup legend="Scopes" sections={SECTIONS} value={scopes} onChange={setScopes} hint={
            <>
              What the key may do. <code>:*</code> grants every action on a resource; <code>*</code> grants everything.
            </>
          } error={errors.fieldError("scopes")} />
        <div className={FORM_GRID}>
          <TextField label="Requests per hour" name="rateLimitPerHour" type="number" inputMode="numeric" min={1} max={1_000_000} defaultValue={1000} error={errors.fieldError("rateLimitPerHour")} />
          <DateTimeField label="Expires" name="expiresAt" hint="Optional. Empty: never." error={expiresError ?? errors.fieldError("expiresAt")} />
        </div>
      </Form>
    </FormDialog>
  );
}

export function ApiKeysPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const isPro = useIsPro();
  const isHydrated = useHydrated();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() }) }));
  const now = isHydrated ? Date.now() : 0;

  return (
    <>
      <PageHeader title="API keys" description="Keys let your own systems use Orbit's public API." actions={isAdmin && isPro ? <CreateKeyDialog /> : undefined} />
      {!isPro && (
        <div className={cn(noticeClass("info"), "mb-4!")} role="note">
          <p>
            <strong>API keys need the Pro plan.</strong> The public API is part of Pro&apos;s custom integrations (API keys and signed webhooks); on Free, keys cannot be created and
            existing keys are refused.{" "}
            {isAdmin ? <Link href="/settings">Switch to Pro in Settings.</Link> : "Ask an admin to switch to Pro."}
          </p>
        </div>
      )}
      {isPro && !isAdmin && <p className="text-muted-foreground text-sm">Only admins create and revoke keys.</p>}
      <QueryState query={keys} isEmpty={(data) => data.length === 0} empty={<EmptyState title="No API keys yet.">{isAdmin && isPro ? "Create one to call the API." : null}</EmptyState>}>
        {(data) => (
          <Table caption="API keys" columns={["Name", "Scopes", { numeric: "Limit / hour" }, "Last used", "Expires", "State", isAdmin && ACTIONS]}>
            <tbody>
              {data.map((key) => {
                const state = keyState(key, now);
                return (
                  <tr key={key.id} data-testid="api-key-row">
                    <td>
                      {key.name}
                      {key.app && (
                        <>
                          {" "}
                          <Pill tone="info">Installed app</Pill>
                        </>
                      )}
                    </td>
                    <td data-label="Scopes">
                      <div className="flex flex-wrap gap-1 mt-1">
                        {key.scopes.map((scope) => (
                          <code key={scope}>{scope}</code>
                        ))}
                      </div>
                    </td>
                    <td className="text-right tabular-nums whitespace-nowrap" data-label="Limit per hour">{key.rateLimitPerHour.toLocaleString()}</td>
                    <td data-label="Last used">
                      <LocalTime value={key.lastUsedAt} fallback="Never" />
                    </td>
                    <td data-label="Expires">
                      <LocalTime value={key.expiresAt} fallback="Never" />
                    </td>
                    <td data-label="State">
                      <Pill tone={state === "Active" ? "success" : "danger"}>{state}</Pill>
                    </td>
                    {isAdmin && (
                      <td>
                        {key.isActive && (
                          <ConfirmRowAction
                            action="Revoke"
                            name={key.name}
                            title={`Revoke “${key.name}”?`}
                            description="Requests with this key are refused from now on. This cannot be undone."
                            confirmLabel="Revoke key"
                            onConfirm={() => revoke.mutateAsync({ id: key.id })}
                          />
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </QueryState>
    </>
  );
}
