// `npm run bench:api -- --compare`: Orbit beside the shared hand-written ceiling, on the same
// PostgreSQL, with the same load generator alternating between the two in 2-second slices
// (../shared/bench/compare-api.sh), so the figures are ratios measured in one run. Starts Orbit's
// build with the ceiling's data shape (../shared/bench/start-orbit-pg.sh), runs the comparison at 32
// connections and, with `--one`, again at one connection (service time), prints the ratio lines and
// stops Orbit. Env: BENCH_SHARED (the shared bench folder, default ../shared/bench), ORBIT_PORT (4300).
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";

const projectDir = path.resolve(import.meta.dirname, "..");
const shared = path.resolve(projectDir, process.env.BENCH_SHARED ?? "../shared/bench");
const port = process.env.ORBIT_PORT ?? "4300";

export async function compareWithCeiling(options: { oneConnection: boolean }): Promise<void> {
  const started = execFileSync("bash", [path.join(shared, "start-orbit-pg.sh"), projectDir, port], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const line = started.trim().split("\n").at(-1) ?? "";
  const values = Object.fromEntries(line.split(" ").map((pair) => pair.split("=") as [string, string]));
  const { ORBIT_URL: url, ORBIT_KEY: key, ORBIT_PID: pid } = values;
  if (!url || !key || !pid) throw new Error(`start-orbit-pg.sh printed no ORBIT_URL/ORBIT_KEY/ORBIT_PID: ${line}`);
  try {
    const runs = options.oneConnection ? ["32", "1"] : ["32"];
    for (const connections of runs) {
      console.log(`\n== Orbit against the ceiling, ${connections} connection(s)`);
      const result = spawnSync("bash", [path.join(shared, "compare-api.sh"), url, key], {
        encoding: "utf8",
        env: { ...process.env, CONNECTIONS: connections },
        stdio: ["ignore", "pipe", "inherit"],
      });
      const ratios = result.stdout.split("\n").filter((row) => row.startsWith("kind=ratio"));
      for (const row of ratios) console.log(row);
      if (result.status !== 0 || !ratios.length) throw new Error(`compare-api.sh failed (exit ${result.status})`);
    }
  } finally {
    // start-orbit-pg.sh starts Orbit in its own session: stop the whole group.
    try {
      process.kill(-Number(pid), "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
