// `npm run test:pg`: the whole suite on PostgreSQL. Each run makes throwaway databases on the server
// named by ORBIT_TEST_PG_URL (default the local server's `test` database) and drops them at the end.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";

const adminUrl = process.env.ORBIT_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/test";
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, ORBIT_TEST_PG_URL: adminUrl, ORBIT_TEST_RUN_ID: randomBytes(4).toString("hex") },
});
process.exit(result.status ?? 1);
