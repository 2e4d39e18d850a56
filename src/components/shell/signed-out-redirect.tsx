"use client";
// Shown by an app page whose visitor has no session: off to log in, with the way back.
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { loginHrefFor } from "@/trpc/react";

export function SignedOutRedirect() {
  const router = useRouter();
  useEffect(() => {
    router.replace(loginHrefFor(window.location));
  }, [router]);
  return (
    <main className="min-h-screen grid content-start justify-items-center gap-5 px-4 py-16">
      <p role="status">Taking you to log in…</p>
    </main>
  );
}
