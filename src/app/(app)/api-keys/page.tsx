import type { Metadata } from "next";
import { ApiKeysPage } from "@/components/api-keys/api-keys-page";
import { HydrateClient, prefetch, trpc } from "@/trpc/server";

export const metadata: Metadata = { title: "API keys" };

export default async function Page() {
  await prefetch(trpc.apiKeys.list.queryOptions());
  return (
    <HydrateClient>
      <ApiKeysPage />
    </HydrateClient>
  );
}
