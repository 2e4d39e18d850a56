// Configuration: parsed once with zod; a bad value stops the server at boot with one line naming it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEVELOPMENT_SESSION_SECRET, InvalidEnvironmentError, parseEnv, resetEnvCache } from "@/env";

describe("parseEnv", () => {
  it("has the documented defaults (as under next dev)", () => {
    expect(parseEnv({ NODE_ENV: "development" })).toEqual({
      databaseUrl: undefined,
      databasePoolSize: 20,
      pgliteDir: ".data/pglite",
      appEnv: "development",
      sessionSecret: DEVELOPMENT_SESSION_SECRET,
      cronSecret: undefined,
      webhookWorker: "inline",
      webhookRetryBaseSeconds: 60,
      webhookEndpointMaxInFlight: 4,
      webhookOrganizationMaxInFlight: 8,
      webhookWorkerConcurrency: 64,
      webhookRetentionDays: 30,
      smtpUrl: undefined,
      mailFrom: undefined,
      port: 3000,
      appOrigin: undefined,
      trustProxy: false,
      metricsToken: undefined,
      logLevel: "info",
      passwordHashCost: 17,
      passwordHashConcurrency: 2,
      passwordHashQueue: 8,
      databaseStatementTimeoutMs: 5_000,
      serverMaxConcurrentRequests: 8,
      serverLaneQueue: 256,
      serverRequestQueue: 2_048,
      organizationMaxConcurrentRequests: 8,
      organizationRequestQueue: 64,
    } satisfies ReturnType<typeof parseEnv>);
  });

  it("defaults APP_ENV to development under next dev, and treats empty values as unset", () => {
    expect(parseEnv({ NODE_ENV: "development", SESSION_SECRET: "" }).appEnv).toBe("development");
    expect(parseEnv({ NODE_ENV: "production", APP_ENV: "", SESSION_SECRET: "x".repeat(32) }).appEnv).toBe("production");
  });

  it("reduces APP_URL to its origin and reads TRUST_PROXY, METRICS_TOKEN and LOG_LEVEL", () => {
    const env = parseEnv({ APP_ENV: "test", SESSION_SECRET: "s".repeat(32), APP_URL: "https://Orbit.Example.com:443/app/", TRUST_PROXY: "1", METRICS_TOKEN: "m".repeat(16), LOG_LEVEL: "warn" });
    expect(env.appOrigin).toBe("https://orbit.example.com");
    expect(env.trustProxy).toBe(true);
    expect(env.metricsToken).toBe("m".repeat(16));
    expect(env.logLevel).toBe("warn");
    expect(parseEnv({ APP_ENV: "development", TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("accepts a postgres URL, fractional retry bases and a port", () => {
    const env = parseEnv({ DATABASE_URL: "postgresql://u@h:5432/db", WEBHOOK_RETRY_BASE_SECONDS: "0.05", PORT: "8080", APP_ENV: "test", SESSION_SECRET: "s".repeat(32) });
    expect(env.databaseUrl).toBe("postgresql://u@h:5432/db");
    expect(env.webhookRetryBaseSeconds).toBe(0.05);
    expect(env.port).toBe(8080);
  });

  it.each([
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_ENV: "staging" }, "APP_ENV"],
    [{ APP_ENV: "production" }, "SESSION_SECRET"],
    [{ APP_ENV: "test", SESSION_SECRET: "" }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ WEBHOOK_WORKER: "sometimes" }, "WEBHOOK_WORKER"],
    [{ WEBHOOK_RETRY_BASE_SECONDS: "-1" }, "WEBHOOK_RETRY_BASE_SECONDS"],
    [{ WEBHOOK_RETRY_BASE_SECONDS: "soon" }, "WEBHOOK_RETRY_BASE_SECONDS"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_URL: "orbit.example.com" }, "APP_URL"],
    [{ APP_URL: "ftp://orbit.example.com" }, "APP_URL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN"],
    [{ LOG_LEVEL: "trace" }, "LOG_LEVEL"],
    [{ WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: "0" }, "WEBHOOK_ENDPOINT_MAX_IN_FLIGHT"],
    [{ WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT: "2.5" }, "WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT"],
    [{ SERVER_MAX_CONCURRENT_REQUESTS: "0" }, "SERVER_MAX_CONCURRENT_REQUESTS"],
  ])("refuses %j with one line naming %s", (source, variable) => {
    expect(() => parseEnv({ APP_ENV: "test", ...source })).toThrow(InvalidEnvironmentError);
    try {
      parseEnv({ APP_ENV: "test", ...source });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
      expect(message).not.toContain("\n");
    }
  });
});

describe("server boot", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
    vi.restoreAllMocks();
  });

  it("exits with one line naming the variable when the configuration is invalid", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    process.env.APP_ENV = "production";
    delete process.env.SESSION_SECRET;
    resetEnvCache();
    const exit = vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { register } = await import("@/instrumentation");
    await expect(register()).rejects.toThrow("exit 1");
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith("Invalid configuration: SESSION_SECRET is required when APP_ENV=production");
  });
});
