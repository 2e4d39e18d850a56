// The only reader of process.env. Parsed once, validated with zod; a bad value stops the process
// with one line that names the variable.
import { z } from "zod";

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

/** Used only under `next dev` (APP_ENV=development), so that `npm run dev` works with no configuration. */
export const DEVELOPMENT_SESSION_SECRET = "orbit-development-session-secret-do-not-use-in-production";

const envSchema = z
  .object({
    NODE_ENV: optional(z.string()),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")),
    DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(500)),
    DATABASE_STATEMENT_TIMEOUT_MS: optional(z.coerce.number().int().min(0).max(3_600_000)),
    PGLITE_DIR: optional(z.string().min(1)),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    APP_ENV: optional(z.enum(["development", "test", "production"])),
    CRON_SECRET: optional(z.string().min(1)),
    WEBHOOK_WORKER: optional(z.enum(["inline", "off"])),
    WEBHOOK_RETRY_BASE_SECONDS: optional(z.coerce.number().positive().finite()),
    WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: optional(z.coerce.number().int().min(1).max(100)),
    WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT: optional(z.coerce.number().int().min(1).max(1000)),
    WEBHOOK_WORKER_CONCURRENCY: optional(z.coerce.number().int().min(1).max(1000)),
    WEBHOOK_RETENTION_DAYS: optional(z.coerce.number().int().min(1).max(3650)),
    PORT: optional(z.coerce.number().int().min(1).max(65535)),
    APP_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })),
    TRUST_PROXY: optional(z.enum(["0", "1"], { error: "must be 0 or 1" })),
    METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
    LOG_LEVEL: optional(z.enum(["debug", "info", "warn", "error"])),
    PASSWORD_HASH_COST: optional(z.coerce.number().int().min(10).max(20)),
    PASSWORD_HASH_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
    PASSWORD_HASH_QUEUE: optional(z.coerce.number().int().min(0).max(1000)),
    SERVER_MAX_CONCURRENT_REQUESTS: optional(z.coerce.number().int().min(1).max(10_000)),
    SERVER_LANE_QUEUE: optional(z.coerce.number().int().min(0).max(10_000)),
    SERVER_REQUEST_QUEUE: optional(z.coerce.number().int().min(0).max(100_000)),
    ORGANIZATION_MAX_CONCURRENT_REQUESTS: optional(z.coerce.number().int().min(1).max(1000)),
    ORGANIZATION_REQUEST_QUEUE: optional(z.coerce.number().int().min(0).max(10_000)),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")),
    MAIL_FROM: optional(z.string().min(3).max(320)),
  })
  .transform((raw) => {
    const appEnv = raw.APP_ENV ?? (raw.NODE_ENV === "development" ? "development" : "production");
    return {
      databaseUrl: raw.DATABASE_URL,
      /** Connections the app's pool keeps to a PostgreSQL server, at most (per process). */
      databasePoolSize: raw.DATABASE_POOL_SIZE ?? 20,
      /** PostgreSQL: a statement of the app's pool running longer is cancelled (0: never). */
      databaseStatementTimeoutMs: raw.DATABASE_STATEMENT_TIMEOUT_MS ?? 5_000,
      pgliteDir: raw.PGLITE_DIR ?? ".data/pglite",
      appEnv,
      sessionSecret: raw.SESSION_SECRET,
      cronSecret: raw.CRON_SECRET,
      webhookWorker: raw.WEBHOOK_WORKER ?? "inline",
      webhookRetryBaseSeconds: raw.WEBHOOK_RETRY_BASE_SECONDS ?? 60,
      webhookEndpointMaxInFlight: raw.WEBHOOK_ENDPOINT_MAX_IN_FLIGHT ?? 4,
      webhookOrganizationMaxInFlight: raw.WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT ?? 8,
      /** Attempts one drain (a worker or a cron call) has in flight at once. */
      webhookWorkerConcurrency: raw.WEBHOOK_WORKER_CONCURRENCY ?? 64,
      /** Attempts and finished events older than this many days are pruned. */
      webhookRetentionDays: raw.WEBHOOK_RETENTION_DAYS ?? 30,
      port: raw.PORT ?? 3000,
      /** The public origin (`https://orbit.example.com`), or undefined: each request's own origin. */
      appOrigin: raw.APP_URL === undefined ? undefined : new URL(raw.APP_URL).origin,
      trustProxy: raw.TRUST_PROXY === "1",
      metricsToken: raw.METRICS_TOKEN,
      logLevel: raw.LOG_LEVEL ?? "info",
      /** log2 of scrypt's N for new password hashes (17: N=131072, r=8, p=1; 128 MiB and ~0.3 s per hash). */
      passwordHashCost: raw.PASSWORD_HASH_COST ?? 17,
      /** Password hashes computed at once in this process (each holds 128 MiB and a libuv thread), and how many may wait. */
      passwordHashConcurrency: raw.PASSWORD_HASH_CONCURRENCY ?? 2,
      passwordHashQueue: raw.PASSWORD_HASH_QUEUE ?? 8,
      /** Requests in progress at once in this process (fair admission at the server's edge, load/admission.ts). */
      serverMaxConcurrentRequests: raw.SERVER_MAX_CONCURRENT_REQUESTS ?? 8,
      /** Requests of one lane (an API key, a signed-in user, an address) that may wait for a slot; beyond, 429. */
      serverLaneQueue: raw.SERVER_LANE_QUEUE ?? 256,
      /** Requests of all lanes together that may wait; beyond, 503. */
      serverRequestQueue: raw.SERVER_REQUEST_QUEUE ?? 2_048,
      /** One organization's requests running at once per process, and how many may wait. */
      organizationMaxConcurrentRequests: raw.ORGANIZATION_MAX_CONCURRENT_REQUESTS ?? 8,
      organizationRequestQueue: raw.ORGANIZATION_REQUEST_QUEUE ?? 64,
      /** Failure notices are mailed only when both are set. */
      smtpUrl: raw.SMTP_URL,
      mailFrom: raw.MAIL_FROM,
    };
  })
  .superRefine((env, ctx) => {
    if (env.appEnv !== "development" && !env.sessionSecret) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: `is required when APP_ENV=${env.appEnv}` });
    }
    if (Boolean(env.smtpUrl) !== Boolean(env.mailFrom)) {
      ctx.addIssue({ code: "custom", path: [env.smtpUrl ? "MAIL_FROM" : "SMTP_URL"], message: "is required when the other of SMTP_URL and MAIL_FROM is set" });
    }
  });

export type Env = z.infer<typeof envSchema> & { sessionSecret: string };

export class InvalidEnvironmentError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new InvalidEnvironmentError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = result.data;
  return { ...env, sessionSecret: env.sessionSecret ?? DEVELOPMENT_SESSION_SECRET };
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function getEnv(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    if (cached.sessionSecret === DEVELOPMENT_SESSION_SECRET) {
      console.warn("[orbit] SESSION_SECRET is not set: using the development secret.");
    }
  }
  return cached;
}

/** Tests change configuration between cases; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}
