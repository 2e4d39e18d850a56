// The application router: every area of the product, one sub-router each. Public API procedures
// carry `meta.openapi` and are also served under /api/v1.
import { createRouter } from "@/server/api/trpc";
import { apiKeysRouter } from "@/server/api/routers/api-keys";
import { oauthAppsRouter } from "@/server/api/routers/oauth-apps";
import { installedAppsRouter } from "@/server/api/routers/installed-apps";
import { auditRouter } from "@/server/api/routers/audit";
import { authRouter } from "@/server/api/routers/auth";
import { calendarFeedRouter } from "@/server/api/routers/calendar-feed";
import { constellationsRouter } from "@/server/api/routers/constellations";
import { customersRouter } from "@/server/api/routers/customers";
import { eventsRouter } from "@/server/api/routers/events";
import { invoicesRouter } from "@/server/api/routers/invoices";
import { organizationRouter } from "@/server/api/routers/organization";
import { ratesRouter } from "@/server/api/routers/rates";
import { invitesRouter } from "@/server/api/routers/invites";
import { reportsRouter } from "@/server/api/routers/reports";
import { savedReportsRouter } from "@/server/api/routers/saved-reports";
import { exportsRouter } from "@/server/api/routers/exports";
import { importsRouter } from "@/server/api/routers/imports";
import { tasksRouter } from "@/server/api/routers/tasks";
import { timeLogsRouter } from "@/server/api/routers/time-logs";
import { timersRouter } from "@/server/api/routers/timers";
import { timesheetRouter } from "@/server/api/routers/timesheet";
import { approvalsRouter } from "@/server/api/routers/approvals";
import { preferencesRouter } from "@/server/api/routers/preferences";
import { notificationsRouter } from "@/server/api/routers/notifications";
import { webhooksRouter } from "@/server/api/routers/webhooks";

export const appRouter = createRouter({
  auth: authRouter,
  organization: organizationRouter,
  rates: ratesRouter,
  invites: invitesRouter,
  apiKeys: apiKeysRouter,
  oauthApps: oauthAppsRouter,
  installedApps: installedAppsRouter,
  tasks: tasksRouter,
  customers: customersRouter,
  constellations: constellationsRouter,
  timeLogs: timeLogsRouter,
  timers: timersRouter,
  timesheet: timesheetRouter,
  approvals: approvalsRouter,
  preferences: preferencesRouter,
  invoices: invoicesRouter,
  reports: reportsRouter,
  savedReports: savedReportsRouter,
  exports: exportsRouter,
  imports: importsRouter,
  webhooks: webhooksRouter,
  events: eventsRouter,
  notifications: notificationsRouter,
  calendarFeed: calendarFeedRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
