// The one "not found" page inside the app's shell: unknown addresses (the (app) group's not-found) and
// records that do not exist or were deleted (a task, an endpoint), with a way back.
import Link from "next/link";
import { EmptyState, PageHeader } from "@/components/ui";

export function NotFoundPage({ what = "page", back = { href: "/timer", label: "Go to the timer" } }: { what?: string; back?: { href: string; label: string } }) {
  return (
    <>
      <PageHeader title="Not found" />
      <EmptyState title={`This ${what} does not exist or was deleted.`} action={<Link href={back.href}>{back.label}</Link>}>
        Check the address, or go back to where you were.
      </EmptyState>
    </>
  );
}
