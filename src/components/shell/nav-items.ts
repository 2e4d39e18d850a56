// The app's areas, in navigation order. The names are the product's vocabulary: keep them exact.
// `adminOnly`: a member would only find "only admins" there, so members are not offered the link.
export const NAV_ITEMS = [
  { href: "/timer", label: "Timer" },
  { href: "/time-logs", label: "Time logs" },
  { href: "/tasks", label: "Tasks" },
  { href: "/customers", label: "Customers" },
  { href: "/projects", label: "Projects" },
  { href: "/invoices", label: "Invoices", adminOnly: true },
  { href: "/approvals", label: "Approvals", adminOnly: true },
  { href: "/reports", label: "Reports" },
  { href: "/api-keys", label: "API keys" },
  { href: "/webhooks", label: "Webhooks", adminOnly: true },
  { href: "/settings", label: "Settings" },
] as const;

/** The nav item a path belongs to: `/tasks/tsk_1` is under Tasks. */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Where someone whose organization requires two-factor, without it yet, is kept until it is on. */
export const TWO_FACTOR_SETUP_PATH = "/settings/security";
