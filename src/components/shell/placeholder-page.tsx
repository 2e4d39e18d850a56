// An area whose page is still being built: it keeps its place in the navigation.
import { EmptyState, PageHeader } from "@/components/ui";

export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title={`${title} is on its way.`}>This part of the app is not built yet.</EmptyState>
    </>
  );
}
