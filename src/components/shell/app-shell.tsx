"use client";
// The product's frame: the navigation (a sidebar on wide screens, a menu button on phones), the
// running timer, the notices badge and the account, around every app page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { Fragment, useEffect, useState, type ReactNode } from "react";
import { Brand } from "@/components/ui/brand";
import { cn } from "@/components/ui/cn";
import { badgeClass } from "@/components/ui/badge";
import { Button } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { useAccount } from "@/components/ui/use-account";
import { TIME_ZONE_COOKIE } from "@/lib/zoned-day";
import { isActivePath, NAV_ITEMS } from "./nav-items";
import { NoticesBadge } from "./notices-badge";
import { RunningTimer } from "./running-timer";
import { IdlePrompt } from "./idle-prompt";
import { KeyboardShortcuts } from "./shortcuts";
import { TimerTitle } from "./timer-title";
import { TwoFactorGate } from "./two-factor-gate";
import { usePreferencesKey } from "./preferences-sync";
import { clearOfflineQueue } from "@/components/timer/use-offline-sync";

/** The sidebar; on phones a panel under the top bar, opened by the menu button. */
const NAV =
  "sticky top-14 flex h-[calc(100vh-56px)] flex-col justify-between overflow-y-auto border-r border-border bg-surface px-3 py-4 max-md:fixed max-md:inset-x-0 max-md:z-30 max-md:h-auto max-md:max-h-[calc(100vh-56px)] max-md:border-r-0 max-md:border-b max-md:shadow-[0_12px_24px_rgb(16_24_40/0.12)] print:hidden";
const NAV_LINK = "block rounded-[7px] px-3 py-[7px] hover:no-underline max-md:py-2.5";

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const account = useAccount();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const preferencesKey = usePreferencesKey();
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logOut = useMutation(
    trpc.auth.logOut.mutationOptions({
      onSuccess: () => {
        // What waited to sync is this person's: it never stays for whoever signs in next.
        clearOfflineQueue(account.user.id);
        queryClient.clear();
        router.replace("/login");
      },
    }),
  );

  // A followed link closes the phone menu; so does Escape.
  useEffect(() => setIsMenuOpen(false), [pathname]);
  // The server renders "today" and "this month" in the person's zone (their preference) once told.
  const timeZone = account.preferences.timeZone;
  useEffect(() => {
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; path=/; max-age=31536000; samesite=lax`;
  }, [timeZone]);
  useEffect(() => {
    if (!isMenuOpen) return;
    const close = (event: KeyboardEvent) => event.key === "Escape" && setIsMenuOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [isMenuOpen]);

  return (
    <div className="grid min-h-screen grid-cols-[220px_minmax(0,1fr)] grid-rows-[56px_minmax(0,1fr)] bg-[linear-gradient(to_right,var(--surface)_219px,var(--border)_219px,var(--border)_220px,var(--background)_220px)] max-md:grid-cols-[minmax(0,1fr)] max-md:bg-none print:block print:bg-none">
      <TwoFactorGate />
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-3 focus:py-2 focus:font-semibold focus:shadow-lg">
        Skip to content
      </a>
      <header className="sticky top-0 z-20 col-span-full flex items-center gap-4 border-b border-border bg-surface px-5 max-md:gap-2 max-md:px-2.5 print:hidden">
        <button type="button" className="hidden size-9 cursor-pointer items-center justify-center rounded-lg border border-transparent bg-transparent text-[1.2rem] leading-none text-foreground hover:bg-subtle max-md:inline-flex" aria-label={isMenuOpen ? "Close menu" : "Open menu"} aria-expanded={isMenuOpen} aria-controls="app-nav" onClick={() => setIsMenuOpen((open) => !open)}>
          <span aria-hidden="true">{isMenuOpen ? "×" : "☰"}</span>
        </button>
        <Brand href="/timer" />
        {/* On the Timer page the page itself shows the timer and its Stop button. */}
        <div className="ml-auto min-w-0">{!isActivePath(pathname, "/timer") && <RunningTimer />}</div>
        <NoticesBadge />
      </header>
      <nav id="app-nav" className={cn(NAV, isMenuOpen ? "max-md:flex" : "max-md:hidden")} aria-label="Main">
        <ul className="m-0 grid list-none gap-0.5 p-0">
          {NAV_ITEMS.filter((item) => account.role === "admin" || !("adminOnly" in item)).map((item) => {
            const isActive = isActivePath(pathname, item.href);
            return (
              <li key={item.href}>
                <Link href={item.href} aria-current={isActive ? "page" : undefined} className={cn(NAV_LINK, isActive ? "bg-primary-soft font-semibold text-primary-soft-foreground" : "font-medium text-muted-foreground hover:bg-background hover:text-foreground")}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="grid justify-items-start gap-2.5 border-t border-border px-3 pt-3.5 [&_p]:m-0 [&_p]:wrap-anywhere">
          <p className="text-sm">
            <strong>{account.user.name}</strong>
            <br />
            <span className="text-muted-foreground">
              {account.organization.name} · <span className={badgeClass(account.organization.plan === "pro" ? "accent" : "neutral")}>{account.organization.plan}</span>
            </span>
          </p>
          <Button size="sm" isPending={logOut.isPending} onClick={() => logOut.mutate()}>
            Log out
          </Button>
        </div>
      </nav>
      <main className="w-full max-w-[1160px] px-8 pt-7 pb-12 max-md:px-3.5 max-md:pt-5 max-md:pb-10 print:p-0" id="main" tabIndex={-1} data-preferences={preferencesKey === "server" ? "pending" : "applied"}>
        <Fragment key={preferencesKey}>{children}</Fragment>
      </main>
      <KeyboardShortcuts />
      <TimerTitle />
      <IdlePrompt />
    </div>
  );
}
