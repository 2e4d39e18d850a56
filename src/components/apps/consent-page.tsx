// The consent page of an app's installation (GET /oauth/authorize): the app, its website and maker,
// each requested scope in words, and Allow / Deny as a plain form POST (checked by its Origin, see
// server/http/oauth-endpoints.ts). Members are told an admin must install; Free plans, why not.
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { CARD, noticeClass } from "@/components/ui/styles";
import { cn } from "@/components/ui/cn";
import type { ConsentView } from "@/server/contract/oauth-app";
import { OAUTH_PATHS } from "@/lib/oauth-paths";

const PARAM_NAMES = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

export function ConsentPage({ view, params }: { view: Exclude<ConsentView, { kind: "redirect" }>; params: Record<string, string | undefined> }) {
  if (view.kind === "error_page") {
    return (
      <div className="mx-auto grid max-w-xl gap-4">
        <h1 className="m-0 text-2xl">{view.title}</h1>
        <p className={noticeClass("error")} role="alert">
          {view.message}
        </p>
        <p>
          <Link href="/timer">Back to Orbit</Link>
        </p>
      </div>
    );
  }
  const { app } = view;
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <h1 className="m-0 text-2xl max-md:text-[1.3rem]">Install {app.name}?</h1>
      <section className={cn(CARD, "grid gap-3")} aria-labelledby="consent-app">
        <h2 id="consent-app" className="m-0 text-lg">
          {app.name}
        </h2>
        <p className="m-0 text-muted-foreground">
          Made by <strong>{app.maker}</strong>
          {app.websiteUrl && (
            <>
              {" · "}
              <a href={app.websiteUrl} rel="noopener noreferrer" target="_blank">
                {app.websiteUrl}
              </a>
            </>
          )}
        </p>
        {app.description && <p className="m-0">{app.description}</p>}
        <h3 className="m-0 text-base">It asks to</h3>
        <ul className="m-0 grid gap-1 pl-5" aria-label="Permissions requested">
          {view.scopes.map(({ scope, words }) => (
            <li key={scope}>
              {words} <code className="text-muted-foreground text-xs">{scope}</code>
            </li>
          ))}
        </ul>
        <p className="m-0 text-sm text-muted-foreground">
          Allowing creates an API key of your organization for the app, with these permissions only. Uninstall it any time in Settings → Apps. You will go back to{" "}
          <strong>{view.redirectHost}</strong>.
        </p>
      </section>
      {view.standing === "not_admin" && (
        <p className={noticeClass("info")} role="note">
          Only an admin of your organization can install apps. Ask an admin to open this link.
        </p>
      )}
      {view.standing === "plan_lacks_integrations" && (
        <p className={noticeClass("info")} role="note">
          Installing apps needs the Pro plan (custom integrations: the API, apps and signed webhooks). <Link href="/settings">Switch to Pro in Settings</Link>, then open this link again.
        </p>
      )}
      <form method="post" action={OAUTH_PATHS.authorize} className="flex flex-wrap justify-end gap-2">
        {PARAM_NAMES.map((name) => (params[name] !== undefined ? <input key={name} type="hidden" name={name} value={params[name]} /> : null))}
        <button type="submit" name="decision" value="deny" className={buttonClass("secondary")}>
          Deny
        </button>
        {view.standing === "can_install" && (
          <button type="submit" name="decision" value="allow" className={buttonClass("primary")} autoFocus>
            Allow
          </button>
        )}
      </form>
    </div>
  );
}
