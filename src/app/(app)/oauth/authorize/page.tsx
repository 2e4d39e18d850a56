import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { ConsentPage } from "@/components/apps/consent-page";
import { createServerCaller } from "@/trpc/server";

export const metadata: Metadata = { title: "Install an app" };

/**
 * GET /oauth/authorize: the consent page (the shell's layout has sent a signed-out visitor to log in
 * and back). A request the app must hear about goes back to its redirect URI; one whose redirect URI
 * cannot be trusted is explained here and never redirected.
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const params = Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
  const caller = await createServerCaller(await headers());
  const view = await caller.oauthApps.consent(params);
  if (view.kind === "redirect") redirect(view.url);
  return <ConsentPage view={view} params={params} />;
}
