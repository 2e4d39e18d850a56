// Log-in and sign-up: a single calm card under the brand.
import Link from "next/link";
import type { ReactNode } from "react";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <Link href="/" className="brand auth-brand">
        <span className="brand-mark" aria-hidden="true" />
        Orbit
      </Link>
      {children}
    </main>
  );
}
