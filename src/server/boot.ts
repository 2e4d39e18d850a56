// Server boot on the Node.js runtime: validate the configuration, bring the database to the latest
// migration, then start background webhook delivery and the SIGTERM handler. A bad configuration stops the process with one
// line naming the variable.
import { getEnv, InvalidEnvironmentError } from "@/env";
import { closeDatabase, getDatabase } from "@/server/db";
import { installShutdownHandler } from "@/server/operations/shutdown";
import { calibratePasswordHashing } from "@/server/auth/passwords";
import { getLogger } from "@/server/operations/logger";
import { startInlineDeliveryWorker } from "@/server/webhooks/worker";

export async function boot(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      // One plain line naming the variable, before the logger (configured from that same environment) exists.
      // eslint-disable-next-line no-console
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await getDatabase();
  // A password check's duration known before the first login for an unknown email waits like one.
  calibratePasswordHashing().catch((error: unknown) => getLogger().warn({ err: error }, "password hashing not calibrated at boot"));
  const worker = await startInlineDeliveryWorker();
  installShutdownHandler({ stopWorker: async () => worker?.(), releaseHeld: async () => (await worker?.releaseHeld()) ?? 0, closeDatabase, exit: (code) => process.exit(code) });
}
