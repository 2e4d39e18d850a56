"use client";
// The shell's count of the organization's unread notices (webhook endpoints failing or disabled), for
// admins: a link to the notices on the Webhooks page, shown only while there is something unread.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/trpc/react";
import { useIsAdmin } from "@/components/ui/use-account";

/** New notices arrive from the delivery workers; the badge looks again this often. */
const NOTICES_REFRESH_MS = 30_000;

export function NoticesBadge() {
  const isAdmin = useIsAdmin();
  return isAdmin ? <UnreadNotices /> : null;
}

function UnreadNotices() {
  const trpc = useTRPC();
  const unread = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), refetchInterval: NOTICES_REFRESH_MS });
  const count = unread.data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <Link href="/webhooks#notices" className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2.5 py-1 font-bold text-danger no-underline hover:no-underline" aria-label={`${count} unread ${count === 1 ? "notice" : "notices"}`}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      <span>{count > 99 ? "99+" : count}</span>
    </Link>
  );
}
