import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/account/auth-form";
import { LoginWays } from "@/components/account/sso-sign-in";
import { loadAccount } from "@/trpc/server";
import { safeNextPath } from "../next-path";

export const metadata: Metadata = { title: "Log in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = safeNextPath(params.next);
  if (await loadAccount(await headers())) redirect(next);
  return (
    <LoginWays ssoReason={typeof params.sso === "string" ? params.sso : undefined}>
      <AuthForm mode="login" next={next} />
    </LoginWays>
  );
}
