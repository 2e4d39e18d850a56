// The product's shell around every app page. The server render reads the session: signed out, the
// visitor is sent to log in (and back afterwards); signed in, the account and the running timer are
// in the first render. Someone whose organization requires two-factor, without it yet, is sent to
// its setup (TWO_FACTOR_SETUP_PATH); the client-side TwoFactorGate does the same on later navigations.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { SignedOutRedirect } from "@/components/shell/signed-out-redirect";
import { TWO_FACTOR_SETUP_PATH } from "@/components/shell/nav-items";
import { ThemeScript } from "@/components/shell/theme-script";
import { PAGE_PATH_HEADER } from "@/server/http/edge";
import { getServerQueryClient, HydrateClient, loadAccount, prefetch, trpc } from "@/trpc/server";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const account = await loadAccount(requestHeaders);
  if (!account) {
    const path = requestHeaders.get(PAGE_PATH_HEADER);
    // A redirect from the server; the client-side one only when the path is unknown.
    if (path?.startsWith("/") && !path.startsWith("//")) redirect(`/login?next=${encodeURIComponent(path)}`);
    return <SignedOutRedirect />;
  }
  getServerQueryClient().setQueryData(trpc.auth.me.queryKey(), account);
  const twoFactor = await getServerQueryClient().fetchQuery(trpc.auth.twoFactor.queryOptions());
  const pagePath = requestHeaders.get(PAGE_PATH_HEADER)?.split("?")[0];
  if (twoFactor.required && !twoFactor.enabled && pagePath !== TWO_FACTOR_SETUP_PATH) redirect(TWO_FACTOR_SETUP_PATH);
  await prefetch(trpc.timers.current.queryOptions());
  return (
    <HydrateClient>
      <ThemeScript theme={account.preferences.theme} />
      <AppShell>{children}</AppShell>
    </HydrateClient>
  );
}
