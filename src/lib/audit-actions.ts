// Every action the audit log records (app-api sections 15 and 16) and its words for people: the list
// people filter by, in one place, read by the server and the Settings → Audit log page alike.
export const AUDIT_ACTION_WORDS = {
  "auth.login_succeeded": "Signed in",
  "auth.login_failed": "Failed to sign in",
  "auth.two_factor_enabled": "Turned on two-factor sign-in",
  "auth.two_factor_disabled": "Turned off two-factor sign-in",
  "auth.session_revoked": "Signed out a session",
  "auth.password_changed": "Changed the password",
  "organization.plan_changed": "Changed the plan",
  "organization.security_changed": "Changed the security settings",
  "member.invited": "Invited a member",
  "member.role_changed": "Changed a member's role",
  "member.deactivated": "Deactivated a member",
  "member.reactivated": "Reactivated a member",
  "api_key.created": "Created an API key",
  "api_key.revoked": "Revoked an API key",
  "oauth_app.created": "Created an OAuth app",
  "oauth_app.updated": "Changed an OAuth app",
  "oauth_app.secret_rotated": "Rotated an OAuth app's secret",
  "oauth_app.deleted": "Deleted an OAuth app",
  "app.installed": "Installed an app",
  "app.uninstalled": "Uninstalled an app",
  "webhook_endpoint.created": "Added a webhook endpoint",
  "webhook_endpoint.updated": "Changed a webhook endpoint",
  "webhook_endpoint.secret_rotated": "Rotated a webhook endpoint's secret",
  "webhook_endpoint.deleted": "Deleted a webhook endpoint",
  "webhook_endpoint.disabled": "Disabled a webhook endpoint",
  "data.exported": "Exported data",
  "data.imported": "Imported time logs",
  "invoice.created": "Created an invoice",
  "invoice.status_changed": "Changed an invoice's status",
  "time_log.deleted": "Deleted another member's time log",
  "approval.submitted": "Submitted time for approval",
  "approval.approved": "Approved time",
  "approval.rejected": "Rejected time",
  "approval.reopened": "Reopened approved time",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_WORDS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_WORDS) as [AuditAction, ...AuditAction[]];

/** Who did it, in words. */
export const AUDIT_ACTOR_TYPE_WORDS = { user: "Person", api_key: "API key", app: "App", system: "Orbit" } as const;

/** What an entry is about, in words: the target types the services record, the filter's choices. */
export const AUDIT_TARGET_TYPE_WORDS = {
  organization: "Organization",
  user: "Person",
  invite: "Invitation",
  session: "Session",
  api_key: "API key",
  oauth_app: "OAuth app",
  installed_app: "Installed app",
  webhook_endpoint: "Webhook endpoint",
  invoice: "Invoice",
  time_log: "Time log",
  time_log_import: "Time log import",
  approval: "Approval",
  audit_log: "Audit log",
} as const satisfies Record<string, string>;

/** A target type in words; a type recorded later than this list falls back to its code in words. */
export function targetTypeInWords(type: string): string {
  return (AUDIT_TARGET_TYPE_WORDS as Record<string, string>)[type] ?? type.replaceAll("_", " ");
}
