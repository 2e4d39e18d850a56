"use client";
// The shell's slot for the organization's unread notices (webhook endpoints disabled, and the like).
// Renders nothing until the notices procedure exists; it then shows a link with the unread count.
export function NoticesBadge() {
  return null;
}
