"use client";
// While the organization requires two-factor and the person has not set it up, every in-app route but
// its setup answers 403: the app keeps them on the setup page instead of showing those refusals.
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useEffect } from "react";
import { useTRPC } from "@/trpc/react";
import { TWO_FACTOR_SETUP_PATH } from "./nav-items";

export function TwoFactorGate() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const status = useQuery(trpc.auth.twoFactor.queryOptions());
  const isHeldBack = status.data?.required === true && !status.data.enabled;
  useEffect(() => {
    if (isHeldBack && pathname !== TWO_FACTOR_SETUP_PATH) router.replace(TWO_FACTOR_SETUP_PATH);
  }, [isHeldBack, pathname, router]);
  return null;
}
