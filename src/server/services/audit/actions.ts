// The audit log's actions for the services that record them; the list and its words live in
// src/lib/audit-actions.ts, which the web app reads too.
export { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit-actions";
