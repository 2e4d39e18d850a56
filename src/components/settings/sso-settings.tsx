"use client";
// Settings → Single sign-on (admins): the organization's OpenID Connect provider (issuer, client id,
// client secret, which is write-only), the email domains it signs in, and whether members of those
// domains must use it. Saving runs the provider's discovery on the server; its errors show on fields.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, CheckboxField, Form, QueryState, TextAreaField, TextField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";

type Security = RouterOutputs["organization"]["security"];
const FIELDS = ["sso.issuer", "sso.clientId", "sso.clientSecret", "sso.emailDomains", "sso.enforce"] as const;

/** Domains as typed: separated by commas, spaces or lines. */
const domainsOf = (text: string) => text.split(/[\s,]+/).map((domain) => domain.trim()).filter(Boolean);

function SsoForm({ security }: { security: Security }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("organization");
  const errors = useServerErrors(FIELDS, { emailDomains: "sso.emailDomains" });
  const [status, setStatus] = useState("");
  const update = useMutation(trpc.organization.updateSecurity.mutationOptions({ onSuccess: invalidate }));
  const sso = security.sso;

  async function submit(form: FormData) {
    const text = (name: string) => String(form.get(name) ?? "");
    setStatus("");
    const clientSecret = text("clientSecret");
    await update.mutateAsync({
      sso: {
        issuer: text("issuer"),
        clientId: text("clientId"),
        ...(clientSecret ? { clientSecret } : {}),
        emailDomains: domainsOf(text("emailDomains")),
        enforce: form.get("enforce") === "on",
      },
    });
    setStatus("Single sign-on saved.");
  }

  async function turnOff() {
    setStatus("");
    try {
      await update.mutateAsync({ sso: null });
      setStatus("Single sign-on turned off.");
    } catch (caught) {
      errors.capture(caught);
    }
  }

  return (
    <Form
      errors={errors}
      submitLabel={sso ? "Save single sign-on" : "Turn on single sign-on"}
      actionsAlign="start"
      onSubmit={submit}
      secondaryActions={
        sso && (
          <Button variant="secondary" onClick={turnOff} isPending={update.isPending && update.variables?.sso === null}>
            Turn off single sign-on
          </Button>
        )
      }
      status={
        <span role="status" className="text-sm text-muted-foreground">
          {status}
        </span>
      }
    >
      <div className={FORM_GRID}>
        <TextField label="Issuer URL" name="issuer" type="url" required defaultValue={sso?.issuer ?? ""} placeholder="https://login.example.com" hint="Your provider's issuer; Orbit reads its discovery document." error={errors.fieldError("sso.issuer")} />
        <TextField label="Client ID" name="clientId" required defaultValue={sso?.clientId ?? ""} autoComplete="off" error={errors.fieldError("sso.clientId")} />
      </div>
      <div className={FORM_GRID}>
        <TextField
          label="Client secret"
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          required={!sso?.clientSecretSet}
          hint={sso?.clientSecretSet ? "A secret is stored and never shown. Leave empty to keep it." : "Stored encrypted and never shown again."}
          error={errors.fieldError("sso.clientSecret")}
        />
        <TextAreaField label="Email domains" name="emailDomains" required rows={2} defaultValue={sso?.emailDomains.join("\n") ?? ""} hint="One per line, e.g. example.com. A domain can belong to one organization only." error={errors.fieldError("sso.emailDomains")} />
      </div>
      <CheckboxField
        label="Require single sign-on for members of these domains"
        name="enforce"
        defaultChecked={sso?.enforce ?? false}
        hint="Members then cannot log in with a password. Admins always can, so an outage of the provider never locks you out."
        error={errors.fieldError("sso.enforce")}
      />
      {sso && (
        <p className="m-0 text-sm text-muted-foreground">
          Redirect URI to register at your provider: <code className="break-all">{sso.redirectUri}</code>
        </p>
      )}
    </Form>
  );
}

/** Settings → Single sign-on: admins only (the server refuses others; a plan without SSO answers 402, shown on the form). */
export function SsoSettingsPanel() {
  const trpc = useTRPC();
  const security = useQuery(trpc.organization.security.queryOptions());
  return (
    <section id="sso" className={cn(CARD, "grid gap-4")} aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on</h2>
      <p className="m-0 text-muted-foreground text-sm">Sign your team in with your OpenID Connect identity provider (Pro plan). Members are created at their first sign-in.</p>
      <QueryState query={security} loadingLabel="Loading single sign-on…">
        {(data) => <SsoForm security={data} />}
      </QueryState>
    </section>
  );
}
