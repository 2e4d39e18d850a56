"use client";
// The person's theme before the first paint: an inline script in the server's page. A script that
// React itself creates in the browser (the shell mounted by a client-side navigation, e.g. after
// logging in) never runs and is reported as an error, so it is rendered only for the server's page
// and its hydration; afterwards the shell's preferences (usePreferencesKey) apply the theme.
import { useSyncExternalStore } from "react";
import { themeScript, type Theme } from "@/lib/display";

const noSubscription = () => () => {};

export function ThemeScript({ theme }: { theme: Theme }) {
  const isBrowserRender = useSyncExternalStore(noSubscription, () => true, () => false);
  if (isBrowserRender) return null;
  return <script dangerouslySetInnerHTML={{ __html: themeScript(theme) }} />;
}
