// The public pages' frame: header with the brand, the API reference and the way in.
import Link from "next/link";
import type { ReactNode } from "react";

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <nav className="container nav" aria-label="Main">
          <Link href="/" className="brand">
            <span className="brand-mark" aria-hidden="true" />
            Orbit
          </Link>
          <div className="nav-links">
            <Link href="/docs/api">API reference</Link>
            <Link href="/login">Log in</Link>
          </div>
        </nav>
      </header>
      <main className="container main">{children}</main>
      <footer className="container footer muted small">Orbit · time tracking with a public API and signed webhooks</footer>
    </>
  );
}
