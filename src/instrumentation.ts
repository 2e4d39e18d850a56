// Server boot (Next calls register() once per server process): validate the configuration, bring the
// database to the latest migration, then start background work. A bad configuration stops the process
// with one line naming the variable.
export async function register(): Promise<void> {
  // Next also loads this file for the edge runtime, where none of this can run.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv, InvalidEnvironmentError } = await import("@/env");
  try {
    getEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { getDatabase } = await import("@/server/db");
  await getDatabase();

  await startWebhookWorker();
}

/** Background webhook delivery, kept apart from the boot checks above. */
async function startWebhookWorker(): Promise<void> {
  const { startInlineDeliveryWorker } = await import("@/server/webhooks/worker");
  await startInlineDeliveryWorker();
}
