"use client";
// Settings → Developer apps: the apps this organization registers for others to install (admins on
// Pro): create (the secret shown once, with a copy button), edit, rotate the secret and delete after
// confirming, and how many organizations installed each.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { noticeClass } from "@/components/ui/styles";
import { ACTIONS, Button, CheckboxGroup, ConfirmDialog, ConfirmRowAction, DialogClose, EmptyState, Form, FormDialog, PagedQueryState, PageHeader, SecretValue, Table, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { useTRPC } from "@/trpc/react";
import { pagedByCursor } from "@/trpc/first-page";
import type { RouterOutputs } from "@/trpc/types";
import { scopeSections } from "@/components/api-keys/scope-groups";
import { MAX_APP_DESCRIPTION_LENGTH, MAX_APP_NAME_LENGTH } from "@/lib/limits";

type DeveloperApp = RouterOutputs["oauthApps"]["list"]["items"][number];
type AppWithSecret = RouterOutputs["oauthApps"]["create"];

const FIELDS = ["name", "redirectUris", "scopes", "websiteUrl", "description"] as const;
const SECTIONS = scopeSections();
const lines = (text: FormDataEntryValue | null) =>
  String(text ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function SecretShown({ app }: { app: AppWithSecret }) {
  return (
    <div className="grid gap-4">
      <p className={noticeClass("warning")} role="alert">
        Copy the client secret now. It is shown only once; Orbit keeps only a hash of it.
      </p>
      <p className="m-0">
        Client id: <code>{app.clientId}</code>
      </p>
      <SecretValue value={app.clientSecret} copyLabel="Copy client secret" testId="new-client-secret" />
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button variant="primary">Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}

function AppDialog({ app }: { app?: DeveloperApp }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("oauthApps");
  const errors = useServerErrors(FIELDS);
  const [scopes, setScopes] = useState<string[]>(app?.scopes ?? []);
  const [created, setCreated] = useState<AppWithSecret | null>(null);
  const onSuccess = () => invalidate();
  const create = useMutation(trpc.oauthApps.create.mutationOptions({ onSuccess: async (result) => (setCreated(result), await onSuccess()) }));
  const update = useMutation(trpc.oauthApps.update.mutationOptions({ onSuccess }));

  function submit(form: FormData) {
    const input = {
      name: String(form.get("name") ?? ""),
      redirectUris: lines(form.get("redirectUris")),
      scopes: scopes as never,
      websiteUrl: String(form.get("websiteUrl") ?? ""),
      description: String(form.get("description") ?? ""),
    };
    return app ? update.mutateAsync({ id: app.id, ...input }) : create.mutateAsync(input);
  }

  return (
    <FormDialog
      title={created ? "Your new app" : app ? `Edit ${app.name}` : "Register an app"}
      trigger={app ? <Button size="sm" aria-label={`Edit ${app.name}`}>Edit</Button> : <Button variant="primary">Register app</Button>}
      onClose={() => (setCreated(null), setScopes(app?.scopes ?? []), create.reset())}
      result={created && <SecretShown app={created} />}
    >
      <Form errors={errors} submitLabel={app ? "Save app" : "Register app"} onSubmit={submit}>
        <TextField label="Name" name="name" maxLength={MAX_APP_NAME_LENGTH} required defaultValue={app?.name} error={errors.fieldError("name")} />
        <TextAreaField
          label="Redirect URIs"
          name="redirectUris"
          required
          defaultValue={app?.redirectUris.join("\n")}
          hint="One per line, up to 10, https; matched exactly."
          error={errors.fieldError("redirectUris")}
        />
        <CheckboxGroup legend="Scopes" sections={SECTIONS} value={scopes} onChange={setScopes} hint="The most the app may ask for when it is installed." error={errors.fieldError("scopes")} />
        <TextField label="Website" name="websiteUrl" type="url" defaultValue={app?.websiteUrl ?? ""} hint="Optional." error={errors.fieldError("websiteUrl")} />
        <TextAreaField label="Description" name="description" maxLength={MAX_APP_DESCRIPTION_LENGTH} defaultValue={app?.description ?? ""} hint="Optional, shown on the consent page." error={errors.fieldError("description")} />
      </Form>
    </FormDialog>
  );
}

function RotateSecret({ app }: { app: DeveloperApp }) {
  const trpc = useTRPC();
  const [rotated, setRotated] = useState<AppWithSecret | null>(null);
  const rotate = useMutation(trpc.oauthApps.rotateSecret.mutationOptions({ onSuccess: setRotated }));
  return (
    <>
      <ConfirmDialog
        title={`Rotate the secret of “${app.name}”?`}
        description="The current secret stops working at once; the app needs the new one to install. Keys already issued keep working."
        confirmLabel="Rotate secret"
        trigger={
          <Button size="sm" aria-label={`Rotate the secret of ${app.name}`}>
            Rotate secret
          </Button>
        }
        onConfirm={() => rotate.mutateAsync({ id: app.id })}
      />
      {rotated && (
        <div className="mt-2 grid gap-2" role="status">
          <SecretValue value={rotated.clientSecret} copyLabel="Copy new client secret" testId="rotated-client-secret" />
          <Button size="sm" onClick={() => setRotated(null)}>
            Hide secret
          </Button>
        </div>
      )}
    </>
  );
}

export function DeveloperAppsPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("oauthApps");
  const list = useInfiniteQuery(trpc.oauthApps.list.infiniteQueryOptions({ limit: 25 }, pagedByCursor));
  const remove = useMutation(trpc.oauthApps.delete.mutationOptions({ onSettled: () => invalidate() }));
  return (
    <>
      <PageHeader title="Developer apps" description="Apps other organizations install with OAuth 2.0; each install gets an API key of its own organization." actions={<AppDialog />} />
      <PagedQueryState query={list} loadingLabel="Loading apps" empty={<EmptyState title="No apps yet.">Register one to let other organizations install it.</EmptyState>}>
        {(apps) => (
          <Table caption="Developer apps" columns={["Name", "Client id", "Scopes", { numeric: "Installs" }, ACTIONS]}>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id} data-testid="developer-app-row">
                  <td>{app.name}</td>
                  <td data-label="Client id">
                    <code>{app.clientId}</code>
                  </td>
                  <td data-label="Scopes">
                    <div className="flex flex-wrap gap-1">
                      {app.scopes.map((scope) => (
                        <code key={scope}>{scope}</code>
                      ))}
                    </div>
                  </td>
                  <td className="text-right tabular-nums" data-label="Installs">
                    {app.installations}
                  </td>
                  <td>
                    <div className="flex flex-wrap gap-2">
                      <AppDialog app={app} />
                      <RotateSecret app={app} />
                      <ConfirmRowAction
                        action="Delete"
                        name={app.name}
                        title={`Delete “${app.name}”?`}
                        description="Every key issued to the app is revoked at once, in every organization that installed it. This cannot be undone."
                        confirmLabel="Delete app"
                        onConfirm={() => remove.mutateAsync({ id: app.id })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </>
  );
}
