// Every in-app REST route (/api/app/*) in one table: `METHOD path` → the procedure it calls. The one
// route file, src/app/api/app/[...path]/route.ts, answers from it (app-route.ts); the proxy's 404/405
// (route-table.ts), the metrics' route label and the tests' route list read it too. A JSON route's
// result is enveloped; a "file" route answers a download, a "form" route takes a multipart upload.
// Kept free of the router and the database: the proxy loads it.
import { AppError, validationError } from "@/server/errors";
import { MAX_IMPORT_BYTES } from "@/server/contract/import";
import type { FileView } from "@/server/contract/file";
import type { UploadedForm, UploadLimits } from "@/server/http/multipart";
import type { AppCaller } from "@/server/http/app-route";

export type AppMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** The order `Allow` names methods in. */
export const METHOD_ORDER: readonly AppMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Input handed to a procedure, which validates it with its own zod schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Unvalidated = any;

export interface AppRouteInput {
  /** Parsed JSON body (POST/PUT/PATCH/DELETE) or undefined. */
  body: unknown;
  /** Query-string parameters. */
  query: Unvalidated;
  /** Path parameters by name; the procedure's input schema validates them. */
  params: Unvalidated;
}

/** The body as an object for a procedure's input; a non-object body is a validation error. */
export function bodyObject(body: unknown): Unvalidated {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("validation_error", "Request body must be a JSON object.", { details: [{ field: "body", message: "must be a JSON object" }] });
  }
  return body;
}

export type AppRoute =
  /** The procedure's result in the envelope (lists as {items, pagination}), with `status` on success. */
  | { kind: "json"; call: (caller: AppCaller, input: AppRouteInput) => Promise<unknown>; status?: number }
  /** A GET whose procedure returns a file, from the query string. */
  | { kind: "file"; call: (caller: AppCaller, query: Unvalidated) => Promise<FileView> }
  /** A GET answered as JSON, or as a file when `format` asks for another one (CSV, PDF). */
  | { kind: "json-or-file"; json: (caller: AppCaller, query: Unvalidated) => Promise<unknown>; file: (caller: AppCaller, query: Unvalidated) => Promise<FileView> }
  /** A GET a browser navigates to, answered with a 302 to the `location` its procedure returns (single sign-on). */
  | { kind: "redirect"; call: (caller: AppCaller, query: Unvalidated) => Promise<{ location: string }> }
  /** A POST of a multipart form, read as a stream (see withUploadedForm); the result in the envelope. */
  | { kind: "form"; call: (caller: AppCaller, form: UploadedForm) => Promise<unknown>; limits: UploadLimits };

type AppRouteKey = `${AppMethod} /api/app/${string}`;

const json = (call: (caller: AppCaller, input: AppRouteInput) => Promise<unknown>, status?: number): AppRoute => ({ kind: "json", call, status });

/** A form's "true" or "false" as a boolean (absent: false); anything else is left for the schema to refuse. */
const formBoolean = (value: string | undefined) => (value === "true" ? true : value === undefined || value === "false" ? false : value);

/** `people` is JSON text in the form; text that is not JSON is a 400 on it. */
function formJson(name: string, value: string | undefined): unknown {
  if (value === undefined || value.trim() === "") return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw validationError(name, 'must be a JSON object of { "<name or email>": "<member id>" or "skip" }');
  }
}

/** The import form's fields as the procedure's input; the file is handed on as its copy, which the import reads more than once. */
function importInput(form: UploadedForm): Unvalidated {
  return {
    source: form.fields.get("source"),
    commit: formBoolean(form.fields.get("commit")),
    skipInvalid: formBoolean(form.fields.get("skipInvalid")),
    people: formJson("people", form.fields.get("people")),
    dateFormat: form.fields.get("dateFormat") || undefined,
    timeZone: form.fields.get("timeZone") || undefined,
    file: form.hasFile("file") ? { open: () => form.openFile("file")! } : form.fields.get("file"),
  };
}

export const appRoutes: Record<AppRouteKey, AppRoute> = {
  // Sessions: signing up (201) and in, out, and changing the password (revokes the user's other sessions).
  "POST /api/app/auth/signup": json((caller, { body }) => caller.auth.signUp(bodyObject(body)), 201),
  "POST /api/app/auth/login": json((caller, { body }) => caller.auth.logIn(bodyObject(body))),
  "POST /api/app/auth/logout": json((caller) => caller.auth.logOut()),
  "POST /api/app/auth/password": json((caller, { body }) => caller.auth.changePassword(bodyObject(body))),
  // Single sign-on: to the organization's OpenID provider and back (302s; a refusal lands on the login page with its reason).
  "GET /api/app/auth/sso/start": { kind: "redirect", call: (caller, query) => caller.auth.startSso(query) },
  "GET /api/app/auth/sso/callback": { kind: "redirect", call: (caller, query) => caller.auth.finishSso(query) },
  // The signed-in user, organization and role; the user's preferences.
  "GET /api/app/me": json((caller) => caller.auth.me()),
  "GET /api/app/me/preferences": json((caller) => caller.preferences.get()),
  "PATCH /api/app/me/preferences": json((caller, { body }) => caller.preferences.update(bodyObject(body))),
  // Two-factor sign-in: a secret set up, enabled by a code (ten recovery codes, shown once), turned off with password and code.
  "GET /api/app/me/two-factor": json((caller) => caller.auth.twoFactor()),
  "POST /api/app/me/two-factor/setup": json((caller) => caller.auth.setUpTwoFactor()),
  "POST /api/app/me/two-factor/enable": json((caller, { body }) => caller.auth.enableTwoFactor(bodyObject(body))),
  "DELETE /api/app/me/two-factor": json((caller, { body }) => caller.auth.disableTwoFactor(bodyObject(body))),
  // The signed-in sessions: listed, one signed out, or every other one.
  "GET /api/app/me/sessions": json((caller, { query }) => caller.auth.sessions(query)),
  "DELETE /api/app/me/sessions": json((caller) => caller.auth.revokeOtherSessions()),
  "DELETE /api/app/me/sessions/:id": json((caller, { params }) => caller.auth.revokeSession({ id: params.id })),

  // API keys: the key is shown once on creation; revoking keeps the record.
  "GET /api/app/api-keys": json((caller) => caller.apiKeys.list()),
  "POST /api/app/api-keys": json((caller, { body }) => caller.apiKeys.create(bodyObject(body)), 201),
  "DELETE /api/app/api-keys/:id": json((caller, { params }) => caller.apiKeys.revoke({ id: params.id })),

  // Developer apps (admin, plan-gated): the secret is shown on creation and rotation only; deleting revokes every key issued to the app.
  "GET /api/app/oauth-apps": json((caller, { query }) => caller.oauthApps.list(query)),
  "POST /api/app/oauth-apps": json((caller, { body }) => caller.oauthApps.create(bodyObject(body)), 201),
  "PATCH /api/app/oauth-apps/:id": json((caller, { body, params }) => caller.oauthApps.update({ ...bodyObject(body), id: params.id })),
  "POST /api/app/oauth-apps/:id/rotate-secret": json((caller, { params }) => caller.oauthApps.rotateSecret({ id: params.id })),
  "DELETE /api/app/oauth-apps/:id": json((caller, { params }) => caller.oauthApps.delete({ id: params.id })),
  // Apps installed in the organization (admin): uninstalling revokes the app's key at once.
  "GET /api/app/installed-apps": json((caller, { query }) => caller.installedApps.list(query)),
  "DELETE /api/app/installed-apps/:id": json((caller, { params }) => caller.installedApps.uninstall({ id: params.id })),

  // The organization: its plan (stands in for the billing provider), settings (admin), members.
  "PUT /api/app/organization/plan": json((caller, { body }) => caller.organization.setPlan(bodyObject(body))),
  "GET /api/app/organization/settings": json((caller) => caller.organization.settings()),
  // Security (admin): two-factor for everyone, single sign-on (a plan with SSO); the client secret is write-only.
  "GET /api/app/organization/security": json((caller) => caller.organization.security()),
  "PUT /api/app/organization/security": json((caller, { body }) => caller.organization.updateSecurity(bodyObject(body))),
  "PATCH /api/app/organization/settings": json((caller, { body }) => caller.organization.updateSettings(bodyObject(body))),
  "GET /api/app/members": json((caller, { query }) => caller.organization.listMembers(query)),
  "POST /api/app/members": json((caller, { body }) => caller.organization.addMember(bodyObject(body)), 201),
  // Demoting the last admin is a 409; a deactivated member's sessions end at once, their time stays.
  "PATCH /api/app/members/:userId": json((caller, { body, params }) => caller.organization.setMemberRole({ ...bodyObject(body), userId: params.userId })),
  "POST /api/app/members/:userId/deactivate": json((caller, { params }) => caller.organization.deactivateMember({ userId: params.userId })),
  "POST /api/app/members/:userId/reactivate": json((caller, { params }) => caller.organization.reactivateMember({ userId: params.userId })),
  // Rates (admin): a member's billable and cost rate; a member's rate on one project (null clears).
  "GET /api/app/members/rates": json((caller, { query }) => caller.rates.listMemberRates(query)),
  "PUT /api/app/members/:userId/rates": json((caller, { body, params }) => caller.rates.setMemberRates({ ...bodyObject(body), userId: params.userId })),
  "GET /api/app/constellations/:id/member-rates": json((caller, { query, params }) => caller.rates.listProjectMemberRates({ ...query, id: params.id })),
  "PUT /api/app/constellations/:id/member-rates/:userId": json((caller, { body, params }) => caller.rates.setProjectMemberRate({ ...bodyObject(body), id: params.id, userId: params.userId })),
  // Invitations (admin); reading one needs no session (used or expired: 404); accepting signs the member in (201).
  "GET /api/app/invites": json((caller, { query }) => caller.invites.list(query)),
  "POST /api/app/invites": json((caller, { body }) => caller.invites.create(bodyObject(body)), 201),
  "GET /api/app/invites/:token": json((caller, { params }) => caller.invites.get({ token: params.token })),
  "POST /api/app/invites/:token/accept": json((caller, { body, params }) => caller.invites.accept({ ...bodyObject(body), token: params.token }), 201),

  // Customers and projects: billing settings (admin), archiving (idempotent), hours per week, month and all time.
  "PATCH /api/app/customers/:id": json((caller, { body, params }) => caller.customers.updateBilling({ ...bodyObject(body), id: params.id })),
  "POST /api/app/customers/:id/archive": json((caller, { params }) => caller.customers.archive({ id: params.id })),
  "POST /api/app/customers/:id/unarchive": json((caller, { params }) => caller.customers.unarchive({ id: params.id })),
  "GET /api/app/customers/:id/work": json((caller, { params }) => caller.customers.work({ id: params.id })),
  "POST /api/app/constellations/:id/archive": json((caller, { params }) => caller.constellations.archive({ id: params.id })),
  "POST /api/app/constellations/:id/unarchive": json((caller, { params }) => caller.constellations.unarchive({ id: params.id })),
  "GET /api/app/constellations/:id/work": json((caller, { params }) => caller.constellations.work({ id: params.id })),
  // A project's rate and budget (admin), with its other fields; the budget in its current period.
  "PATCH /api/app/constellations/:id": json((caller, { body, params }) => caller.constellations.update({ ...bodyObject(body), id: params.id })),
  "GET /api/app/constellations/:id/budget": json((caller, { params }) => caller.constellations.budget({ id: params.id })),
  "POST /api/app/tasks/:taskId/comments": json((caller, { body, params }) => caller.tasks.addComment({ ...bodyObject(body), taskId: params.taskId }), 201),

  // Time: the running timer, logs (own, or any for an admin), offline sync (idempotent per clientSessionId), the timesheet.
  "GET /api/app/timers/current": json((caller) => caller.timers.current()),
  "PATCH /api/app/timers/current": json((caller, { body }) => caller.timers.update(bodyObject(body))),
  "DELETE /api/app/timers/current": json((caller) => caller.timers.discard()),
  "POST /api/app/timers/start": json((caller, { body }) => caller.timers.start(bodyObject(body)), 201),
  "POST /api/app/timers/stop": json((caller, { body }) => caller.timers.stop(bodyObject(body))),
  "PATCH /api/app/time-logs/:id": json((caller, { body, params }) => caller.timeLogs.update({ ...bodyObject(body), id: params.id })),
  "DELETE /api/app/time-logs/:id": json((caller, { params }) => caller.timeLogs.delete({ id: params.id })),
  "POST /api/app/time-logs/:id/continue": json((caller, { params }) => caller.timeLogs.continue({ id: params.id }), 201),
  "POST /api/app/time-logs/sync": json((caller, { body }) => caller.timeLogs.sync(bodyObject(body))),
  "GET /api/app/timesheet": json((caller, { query }) => caller.timesheet.get(query)),
  "PUT /api/app/timesheet/cells": json((caller, { body }) => caller.timesheet.setCell(bodyObject(body))),
  // Weekly approvals: a submitted week is read-only for its member, an approved one for everyone until reopened.
  "GET /api/app/approvals": json((caller, { query }) => caller.approvals.list(query)),
  "POST /api/app/approvals": json((caller, { body }) => caller.approvals.submit(bodyObject(body)), 201),
  "POST /api/app/approvals/:id/approve": json((caller, { body, params }) => caller.approvals.approve({ ...bodyObject(body), id: params.id })),
  "POST /api/app/approvals/:id/reject": json((caller, { body, params }) => caller.approvals.reject({ ...bodyObject(body), id: params.id })),
  "POST /api/app/approvals/:id/reopen": json((caller, { body, params }) => caller.approvals.reopen({ ...bodyObject(body), id: params.id })),

  // Invoices (admin): a move the lifecycle forbids is a 409; an issued invoice no longer changes.
  "GET /api/app/invoices": json((caller, { query }) => caller.invoices.list(query)),
  "POST /api/app/invoices": json((caller, { body }) => caller.invoices.create(bodyObject(body)), 201),
  "POST /api/app/invoices/preview": json((caller, { body }) => caller.invoices.preview(bodyObject(body))),
  "GET /api/app/invoices/:id": json((caller, { params }) => caller.invoices.get({ id: params.id })),
  "PATCH /api/app/invoices/:id": json((caller, { body, params }) => caller.invoices.update({ ...bodyObject(body), id: params.id })),
  "POST /api/app/invoices/:id/issue": json((caller, { params }) => caller.invoices.changeStatus({ id: params.id, status: "issued" })),
  "POST /api/app/invoices/:id/pay": json((caller, { params }) => caller.invoices.changeStatus({ id: params.id, status: "paid" })),
  "POST /api/app/invoices/:id/void": json((caller, { params }) => caller.invoices.changeStatus({ id: params.id, status: "void" })),

  // Reports: the time report as JSON, CSV or PDF, its logs a keyset page at a time; saved reports and their share URLs.
  "GET /api/app/reports/hours": json((caller, { query }) => caller.reports.hours(query)),
  "GET /api/app/reports/time": { kind: "json-or-file", json: (caller, query) => caller.reports.time(query), file: (caller, query) => caller.reports.timeFile(query) },
  "GET /api/app/reports/time/logs": json((caller, { query }) => caller.reports.logs(query)),
  "GET /api/app/reports/saved": json((caller, { query }) => caller.savedReports.list(query)),
  "POST /api/app/reports/saved": json((caller, { body }) => caller.savedReports.create(bodyObject(body)), 201),
  "DELETE /api/app/reports/saved/:id": json((caller, { params }) => caller.savedReports.delete({ id: params.id })),
  "POST /api/app/reports/saved/:id/share": json((caller, { params }) => caller.savedReports.share({ id: params.id }), 201),
  "DELETE /api/app/reports/saved/:id/share": json((caller, { params }) => caller.savedReports.unshare({ id: params.id })),

  // Data in and out: a streamed ZIP of CSVs; a CSV of time logs previewed or imported, read as a stream from the upload's copy.
  "GET /api/app/export": { kind: "file", call: (caller) => caller.exports.download() },
  "POST /api/app/imports": { kind: "form", call: (caller, form) => caller.imports.run(importInput(form)), limits: { maxBodyBytes: MAX_IMPORT_BYTES + 64 * 1024, maxFileBytes: MAX_IMPORT_BYTES, maxFileLabel: "10 MiB" } },

  // The signed-in user's calendar feed: its URL or null, a new URL (the old one stops working), revoked.
  "GET /api/app/calendar-feed": json((caller) => caller.calendarFeed.get()),
  "POST /api/app/calendar-feed": json((caller) => caller.calendarFeed.create(), 201),
  "DELETE /api/app/calendar-feed": json((caller) => caller.calendarFeed.revoke()),
  // The organization's failure notices (admins), newest first.
  "GET /api/app/notifications": json((caller, { query }) => caller.notifications.list(query)),
  // The audit log (admins), newest first with filters; `format=csv` downloads the filtered entries.
  "GET /api/app/audit-events": { kind: "json-or-file", json: (caller, query) => caller.audit.list(query), file: (caller, query) => caller.audit.exportCsv(query) },
  "POST /api/app/notifications/:id/read": json((caller, { params }) => caller.notifications.read({ id: params.id })),

  // Webhooks: endpoints, the event catalog, events and deliveries; resends, recoveries and tests are made by the worker (202).
  "GET /api/app/webhooks": json((caller) => caller.webhooks.list()),
  "POST /api/app/webhooks": json((caller, { body }) => caller.webhooks.create(bodyObject(body)), 201),
  "GET /api/app/webhooks/event-types": json((caller) => caller.webhooks.eventTypes()),
  "GET /api/app/webhooks/events": json((caller, { query }) => caller.webhooks.events(query)),
  // The page's read leaves the secret out (it is polled); this route's answer carries it, as documented.
  "GET /api/app/webhooks/:id": json(async (caller, { params }) => {
    const [detail, { secret }] = await Promise.all([caller.webhooks.get({ id: params.id }), caller.webhooks.secret({ id: params.id })]);
    return { ...detail, secret };
  }),
  "PATCH /api/app/webhooks/:id": json((caller, { body, params }) => caller.webhooks.update({ ...bodyObject(body), id: params.id })),
  "DELETE /api/app/webhooks/:id": json((caller, { params }) => caller.webhooks.delete({ id: params.id })),
  "GET /api/app/webhooks/:id/deliveries": json((caller, { query, params }) => caller.webhooks.deliveries({ ...query, id: params.id })),
  "GET /api/app/webhooks/:id/deliveries/:deliveryId": json((caller, { params }) => caller.webhooks.delivery({ id: params.id, deliveryId: params.deliveryId })),
  "POST /api/app/webhooks/:id/deliveries/:deliveryId/resend": json((caller, { params }) => caller.webhooks.resend({ id: params.id, deliveryId: params.deliveryId }), 202),
  "POST /api/app/webhooks/:id/recover": json((caller, { body, params }) => caller.webhooks.recover({ ...bodyObject(body), id: params.id }), 202),
  // A new secret, the previous one signing beside it for the overlap.
  "POST /api/app/webhooks/:id/rotate-secret": json((caller, { body, params }) => caller.webhooks.rotateSecret({ ...bodyObject(body), id: params.id })),
  "POST /api/app/webhooks/:id/test": json((caller, { body, params }) => caller.webhooks.sendTest({ ...bodyObject(body), id: params.id }), 202),
};

/** One path of the table with the routes of each of its methods. */
export interface AppPath {
  /** The metrics' route label, in Next's spelling: `/api/app/customers/[id]`. */
  template: string;
  methods: readonly AppMethod[];
  routes: ReadonlyMap<AppMethod, AppRoute>;
  pattern: RegExp;
  paramNames: readonly string[];
}

function compilePaths(): AppPath[] {
  const byPath = new Map<string, { routes: Map<AppMethod, AppRoute> }>();
  for (const [key, route] of Object.entries(appRoutes) as [AppRouteKey, AppRoute][]) {
    const [method, path] = key.split(" ") as [AppMethod, string];
    const entry = byPath.get(path) ?? { routes: new Map() };
    entry.routes.set(method, route);
    byPath.set(path, entry);
  }
  const paths = [...byPath].map(([path, { routes }]) => {
    const segments = path.split("/");
    return {
      template: segments.map((segment) => (segment.startsWith(":") ? `[${segment.slice(1)}]` : segment)).join("/"),
      methods: METHOD_ORDER.filter((method) => routes.has(method)),
      routes,
      pattern: new RegExp(`^${segments.map((segment) => (segment.startsWith(":") ? "([^/]+)" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`),
      paramNames: segments.filter((segment) => segment.startsWith(":")).map((segment) => segment.slice(1)),
    };
  });
  // A static segment wins over a parameter in the same place (`/invoices/preview` before `/invoices/:id`), as in Next's router.
  const rank = (template: string) => template.split("/").map((segment) => (segment.startsWith("[") ? "1" : "0")).join("");
  return paths.sort((a, b) => rank(a.template).localeCompare(rank(b.template)));
}

const APP_PATHS = compilePaths();

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The table's path a request path belongs to, with its parameters decoded; undefined for an unknown path. */
export function matchAppPath(pathname: string): { path: AppPath; params: Record<string, string> } | undefined {
  for (const path of APP_PATHS) {
    const match = path.pattern.exec(pathname);
    if (match) return { path, params: Object.fromEntries(path.paramNames.map((name, index) => [name, decoded(match[index + 1]!)])) };
  }
  return undefined;
}

/** Every route of the table as tests walk it: its method and route label (`[id]` parameters). */
export function listAppRoutes(): { method: AppMethod; template: string }[] {
  return APP_PATHS.flatMap((path) => path.methods.map((method) => ({ method, template: path.template })));
}
