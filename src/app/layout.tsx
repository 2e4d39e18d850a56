// The frame of every page: header with navigation, the page, a footer.
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Orbit", template: "%s · Orbit" },
  description: "Time tracking for teams, with a public REST API and signed webhooks.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <nav className="container nav" aria-label="Main">
            <Link href="/" className="brand">
              <span className="brand-mark" aria-hidden="true" />
              Orbit
            </Link>
            <div className="nav-links">
              <Link href="/">Account</Link>
              <Link href="/docs/api">API reference</Link>
            </div>
          </nav>
        </header>
        <main className="container main">{children}</main>
        <footer className="container footer muted small">Orbit · time tracking with a public API and signed webhooks</footer>
      </body>
    </html>
  );
}
