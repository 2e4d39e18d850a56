// The benchmark organization, made through the app's own routes, and its bulk-loaded data: shared by
// the API benchmark (bench/api.ts) and its scale-out run (bench/scale-out.ts).
import { randomBytes } from "node:crypto";
import { withClient } from "./database";

export const TASKS = 10_000;
export const TIME_LOGS = 100_000;
/** Time logs span the last year. */
export const LOG_SPAN_DAYS = 365;

export interface Setup {
  organizationId: string;
  userId: string;
  apiKey: string;
  /** The admin's session cookie. */
  cookie: string;
}

export interface Reply {
  status: number;
  body: any;
  ms: number;
}

export async function call(baseUrl: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply & { headers: Headers }> {
  const started = performance.now();
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error message.
  }
  return { status: response.status, body, ms, headers: response.headers };
}

export function expectStatus(reply: Reply, status: number, what: string): void {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status}: ${JSON.stringify(reply.body).slice(0, 500)}`);
}

/** Sign-up, pro plan and API key through the app's own routes, so that authentication is the real one. */
export async function createOrganization(baseUrl: string): Promise<Setup> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.com`;
  const signUp = await call(baseUrl, "POST", "/api/app/auth/signup", {
    body: { email, password: "benchmark-password", name: "Bench Admin", organizationName: "Benchmark Org" },
  });
  expectStatus(signUp, 201, "POST /api/app/auth/signup");
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .join("; ");
  const session = { cookie };
  expectStatus(await call(baseUrl, "PUT", "/api/app/organization/plan", { body: { plan: "pro" }, headers: session }), 200, "PUT /api/app/organization/plan");
  const key = await call(baseUrl, "POST", "/api/app/api-keys", {
    // Below the pro plan's ceiling over all keys (1,000,000 an hour), leaving room for the smaller keys some runs add.
    body: { name: "benchmark", scopes: ["tasks:*", "time-logs:read"], rateLimitPerHour: 900_000 },
    headers: session,
  });
  expectStatus(key, 201, "POST /api/app/api-keys");
  return { organizationId: signUp.body.data.organization.id, userId: signUp.body.data.user.id, apiKey: key.body.data.key, cookie };
}

/** Bulk load in a few statements: tasks with checklists and comments, time logs over the last year. */
export async function seed(databaseUrl: string, setup: Setup): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const org = setup.organizationId;
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "Task" (id, "organizationId", title, description, status, tags, "createdAt", "updatedAt")
       SELECT 'bt' || lpad(i::text, 6, '0'), $1, 'Task ' || i,
              CASE WHEN i % 3 = 0 THEN 'Description of task ' || i END,
              (ARRAY['todo', 'up_next', 'in_progress', 'done']::"TaskStatus"[])[1 + i % 4],
              CASE WHEN i % 2 = 0 THEN ARRAY['billing', 'client'] ELSE ARRAY[]::text[] END,
              now() - ($2::int - i) * interval '47 minutes', now() - ($2::int - i) * interval '47 minutes'
       FROM generate_series(1, $2::int) AS i`,
      [org, TASKS],
    );
    await client.query(
      `INSERT INTO "Subtask" (id, "organizationId", "taskId", title, "isCompleted", position, "createdAt", "updatedAt")
       SELECT 'bs' || lpad(i::text, 6, '0') || '_' || p, $1, 'bt' || lpad(i::text, 6, '0'), 'Step ' || p, p = 0, p, now(), now()
       FROM generate_series(1, $2::int) AS i, generate_series(0, 1) AS p`,
      [org, TASKS],
    );
    await client.query(
      `INSERT INTO "Comment" (id, "organizationId", "taskId", "authorId", body, "createdAt", "updatedAt")
       SELECT 'bc' || lpad(i::text, 6, '0'), $1, 'bt' || lpad(i::text, 6, '0'), $3, 'Comment on task ' || i, now(), now()
       FROM generate_series(1, $2::int, 4) AS i`,
      [org, TASKS, setup.userId],
    );
    await client.query(
      `INSERT INTO "TimeLog" (id, "organizationId", "userId", "taskId", description, "startedAt", "endedAt", "durationSeconds",
                              tags, "isBillable", source, "createdAt")
       SELECT 'bl' || lpad(i::text, 7, '0'), $1, $3, 'bt' || lpad((1 + i % $4::int)::text, 6, '0'), 'Work ' || i,
              now() - i * ($5::float8 * interval '1 day' / $2::int),
              now() - i * ($5::float8 * interval '1 day' / $2::int) + (600 + i % 3000) * interval '1 second',
              600 + i % 3000, ARRAY[]::text[], i % 5 <> 0,
              (ARRAY['manual', 'timer', 'imported']::"TimeLogSource"[])[1 + i % 3], now()
       FROM generate_series(1, $2::int) AS i`,
      [org, TIME_LOGS, setup.userId, TASKS, LOG_SPAN_DAYS],
    );
    await client.query(
      `UPDATE "Task" t SET "loggedSeconds" = s.logged, "billableSeconds" = s.billable
       FROM (SELECT "taskId", sum("durationSeconds")::int AS logged,
                    sum(CASE WHEN "isBillable" THEN "durationSeconds" ELSE 0 END)::int AS billable
             FROM "TimeLog" WHERE "organizationId" = $1 GROUP BY "taskId") s
       WHERE t.id = s."taskId"`,
      [org],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE");
  });
}

