// Log-in and sign-up: a single calm card under the brand.
import type { ReactNode } from "react";
import { Brand } from "@/components/ui/brand";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="min-h-screen grid content-start justify-items-center gap-5 px-4 py-16">
      <Brand href="/" className="text-[1.3rem]!" />
      {children}
    </main>
  );
}
