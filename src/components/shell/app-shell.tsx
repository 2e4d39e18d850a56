"use client";
// The product's frame: the navigation (a sidebar on wide screens, a menu button on phones), the
// running timer, the notices badge and the account, around every app page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui";
import { useTRPC } from "@/trpc/react";
import { isActivePath, NAV_ITEMS } from "./nav-items";
import { NoticesBadge } from "./notices-badge";
import { RunningTimer } from "./running-timer";
import { useAccount } from "@/components/ui/use-account";

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const account = useAccount();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const logOut = useMutation(
    trpc.auth.logOut.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        router.replace("/login");
      },
    }),
  );

  // A followed link closes the phone menu.
  useEffect(() => setIsMenuOpen(false), [pathname]);

  return (
    <div className="app">
      <header className="app-topbar">
        <button type="button" className="icon-button menu-button" aria-label={isMenuOpen ? "Close menu" : "Open menu"} aria-expanded={isMenuOpen} aria-controls="app-nav" onClick={() => setIsMenuOpen((open) => !open)}>
          <span aria-hidden="true">{isMenuOpen ? "×" : "☰"}</span>
        </button>
        <Link href="/timer" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Orbit
        </Link>
        {/* On the Timer page the page itself shows the timer and its Stop button. */}
        <div className="app-topbar-timer">{!isActivePath(pathname, "/timer") && <RunningTimer />}</div>
        <NoticesBadge />
      </header>
      <nav id="app-nav" className={`app-nav${isMenuOpen ? " app-nav-open" : ""}`} aria-label="Main">
        <ul>
          {NAV_ITEMS.map((item) => {
            const isActive = isActivePath(pathname, item.href);
            return (
              <li key={item.href}>
                <Link href={item.href} aria-current={isActive ? "page" : undefined} className={isActive ? "active" : undefined}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="app-nav-account">
          <p className="small">
            <strong>{account.user.name}</strong>
            <br />
            <span className="muted">
              {account.organization.name} · <span className={`badge badge-${account.organization.plan}`}>{account.organization.plan}</span>
            </span>
          </p>
          <Button size="sm" isPending={logOut.isPending} onClick={() => logOut.mutate()}>
            Log out
          </Button>
        </div>
      </nav>
      <main className="app-main" id="main">
        {children}
      </main>
    </div>
  );
}
