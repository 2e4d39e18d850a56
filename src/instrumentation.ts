// Next calls register() once per server process. The boot code is Node-only; the runtime check is a
// build-time constant, so the edge bundle does not pull it in.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installRequestGuard } = await import("@/server/http/request-guard");
    installRequestGuard();
    const { boot } = await import("@/server/boot");
    await boot();
  }
}
