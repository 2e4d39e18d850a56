// SIGTERM (app-api.md section 10): stop claiming deliveries, let the attempts in flight finish (at
// most 10 s: the attempt timeout), give back the leases still held, close the database pool, exit 0.
// /api/ready answers 503 from the first moment so that a load balancer stops sending traffic.
import { getLogger } from "@/server/operations/logger";
import { closeOpenStreams } from "@/server/operations/open-streams";
import { markShuttingDown } from "@/server/operations/readiness";
import { processState } from "@/server/process-state";

export const SHUTDOWN_GRACE_MS = 10_000;

export interface ShutdownSteps {
  /** Stops the delivery worker; resolves once the attempts in flight are recorded. */
  stopWorker: () => Promise<void>;
  /** Gives back the leases of attempts still in flight after the grace period; resolves to how many. */
  releaseHeld?: () => Promise<number>;
  closeDatabase: () => Promise<void>;
  exit: (code: number) => void;
  graceMs?: number;
}

/** The shutdown sequence; safe to call more than once (the first call wins). */
export function createShutdown(steps: ShutdownSteps): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= (async () => {
      const logger = getLogger();
      markShuttingDown();
      const streams = closeOpenStreams();
      logger.info({ streams }, "SIGTERM: event streams closed; no new deliveries are claimed; finishing the attempts in flight");
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), steps.graceMs ?? SHUTDOWN_GRACE_MS);
      });
      const result = await Promise.race([steps.stopWorker().then(() => "stopped" as const), graceOver]);
      clearTimeout(timer);
      // Past the grace period the attempts still in flight are abandoned: their leases are given back so
      // another instance retries them at once (at least once, never lost), not when the leases lapse.
      if (result === "timeout") {
        const released = await (steps.releaseHeld?.() ?? Promise.resolve(0)).catch((error: unknown) => {
          logger.error({ err: error }, "SIGTERM: releasing the held deliveries failed; their leases will lapse");
          return 0;
        });
        logger.warn({ released }, "SIGTERM: attempts still in flight after the grace period; their deliveries were released");
      }
      await steps.closeDatabase().catch((error: unknown) => logger.error({ err: error }, "SIGTERM: closing the database failed"));
      logger.info("SIGTERM: stopped");
      steps.exit(0);
    })();
    return running;
  };
}

const handler = processState("shutdownHandler", () => ({ isInstalled: false }));

/** Installs the SIGTERM handler once per process. */
export function installShutdownHandler(steps: ShutdownSteps): void {
  if (handler.isInstalled) return;
  handler.isInstalled = true;
  process.once("SIGTERM", createShutdown(steps));
}
