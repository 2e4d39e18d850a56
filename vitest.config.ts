import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src"), "orbit/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts") } },
  test: {
    include: ["tests/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/per-file.ts"],
    pool: "forks",
    // Two files at a time: each has a database of its own (a PGlite copy or a PostgreSQL database
    // from the template), and on two cores this takes the suite from one file's idle waits.
    maxWorkers: 2,
    testTimeout: 30_000,
    // A condition polled for is waited for up to 20 s: an upper bound that costs nothing when the
    // machine is fast and keeps a slow or busy one (one core, a build beside it) from failing.
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 120_000,
    env: {
      APP_ENV: "test",
      SESSION_SECRET: "orbit-test-session-secret-0123456789abcdef",
      CRON_SECRET: "orbit-test-cron-secret",
      WEBHOOK_WORKER: "off",
      LOG_LEVEL: "warn",
      // The production cost (2^17) takes ~0.3 s per hash; the suite signs up hundreds of users.
      PASSWORD_HASH_COST: "14",
    },
  },
});
