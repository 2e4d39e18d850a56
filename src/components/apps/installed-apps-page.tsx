"use client";
// Settings → Apps: the apps installed in this organization (admins): the app, its scopes in words, who
// installed it and when, its last use, and Uninstall (the app's key is revoked at once) after confirming.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { ACTIONS, ConfirmRowAction, EmptyState, LocalTime, PagedQueryState, PageHeader, Table } from "@/components/ui";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { scopeInWords } from "@/server/auth/scopes";
import { useTRPC } from "@/trpc/react";
import { pagedByCursor } from "@/trpc/first-page";

export function InstalledAppsPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidate("installedApps", "apiKeys");
  const list = useInfiniteQuery(trpc.installedApps.list.infiniteQueryOptions({ limit: 25 }, pagedByCursor));
  const uninstall = useMutation(trpc.installedApps.uninstall.mutationOptions({ onSettled: () => invalidate() }));
  return (
    <>
      <PageHeader title="Apps" description="Apps an admin installed in this organization. Each works with an API key of its own, listed among the API keys." />
      <PagedQueryState query={list} loadingLabel="Loading installed apps" empty={<EmptyState title="No apps installed.">An app asks to be installed from its own site.</EmptyState>}>
        {(apps) => (
          <Table caption="Installed apps" columns={["App", "Permissions", "Installed by", "Installed", "Last used", ACTIONS]}>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id} data-testid="installed-app-row">
                  <td>{app.appName}</td>
                  <td data-label="Permissions">
                    <ul className="m-0 pl-4">
                      {app.scopes.map((scope) => (
                        <li key={scope}>{scopeInWords(scope)}</li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Installed by">{app.installedBy?.name ?? "A former member"}</td>
                  <td data-label="Installed">
                    <LocalTime value={app.installedAt} />
                  </td>
                  <td data-label="Last used">
                    <LocalTime value={app.lastUsedAt} fallback="Never" />
                  </td>
                  <td>
                    <ConfirmRowAction
                      action="Uninstall"
                      name={app.appName}
                      title={`Uninstall “${app.appName}”?`}
                      description="Its key is revoked at once: the app's next request is refused. It can be installed again from the app."
                      confirmLabel="Uninstall"
                      onConfirm={() => uninstall.mutateAsync({ id: app.id })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedQueryState>
    </>
  );
}
