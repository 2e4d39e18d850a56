// The public pages' frame: header with the brand, the API reference and the way in.
import Link from "next/link";
import type { ReactNode } from "react";
import { Brand } from "@/components/ui/brand";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="sticky top-0 z-10 bg-surface border-b border-border">
        <nav className="mx-auto max-w-[1120px] px-6 flex items-center justify-between h-14" aria-label="Main">
          <Brand href="/" />
          <div className="flex gap-5 [&_a]:text-muted-foreground [&_a]:font-medium [&_a:hover]:text-foreground [&_a:hover]:no-underline">
            <Link href="/docs/api">API reference</Link>
            <Link href="/login">Log in</Link>
          </div>
        </nav>
      </header>
      <main className="mx-auto max-w-[1120px] px-6 py-10 min-h-[calc(100vh-120px)]">{children}</main>
      <footer className="mx-auto max-w-[1120px] px-6 pt-5 pb-6 border-t border-border text-muted-foreground text-sm">Orbit · time tracking with a public API and signed webhooks</footer>
    </>
  );
}
