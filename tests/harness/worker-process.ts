// A delivery worker in a process of its own, for the fault tests: started, then killed with SIGKILL.
// Short leases and attempt timeouts by default, so that a killed worker's claims come back within
// seconds; WORKER_LEASE_MS and WORKER_TIMEOUT_MS set others (long leases show that a dead worker's
// deliveries come back without waiting for them).
import { getDatabase } from "@/server/db";
import { startDeliveryWorker } from "@/server/webhooks/worker";

const leaseMs = Number(process.env.WORKER_LEASE_MS || 1_500);
const timeoutMs = Number(process.env.WORKER_TIMEOUT_MS || 1_000);
const database = await getDatabase();
const worker = startDeliveryWorker(database, { intervalMs: 100, drain: { leaseMs, timeoutMs, concurrency: 8 } });
await worker.ready;
process.send?.("ready");
process.on("SIGTERM", () => void worker().then(() => process.exit(0)));
