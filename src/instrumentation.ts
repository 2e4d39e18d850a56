// Next calls register() once per server process. Orbit's server (src/server.ts) has booted already;
// boot is idempotent (one database, one worker, one SIGTERM handler per process, in process-state.ts),
// so this only matters when Next runs without it. The runtime check is a build-time constant, so the
// edge bundle does not pull the Node-only code in.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("@/server/boot");
    await boot();
  }
}
