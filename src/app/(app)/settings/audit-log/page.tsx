import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditLogPage } from "@/components/settings/audit-log-page";
import { auditFiltersOf, auditListInput } from "@/components/settings/audit-log-query";
import { LoadingState } from "@/components/ui";
import { PAGE_SIZE, pagedByCursor } from "@/trpc/first-page";
import { getServerQueryClient, HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "Audit log" };

/** The address's filtered first page, in the admin's zone, in the first render; a member's page asks for nothing. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) if (typeof value === "string") params.set(name, value);
  const account = await getServerQueryClient()
    .fetchQuery(trpc.auth.me.queryOptions())
    .catch(() => null);
  const input = account?.role === "admin" ? auditListInput(auditFiltersOf(params), account.preferences.timeZone) : null;
  if (input) await Promise.all([prefetch(trpc.audit.list.infiniteQueryOptions(input, pagedByCursor)), prefetch(trpc.organization.listMembers.queryOptions({ limit: PAGE_SIZE.all }))]);
  return (
    <HydrateClient>
      {/* The filters come from the address: Suspense lets the page render around the search parameters. */}
      <Suspense fallback={<LoadingState />}>
        <AuditLogPage />
      </Suspense>
    </HydrateClient>
  );
}
