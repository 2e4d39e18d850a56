// A delivery worker in a process of its own, for the fault tests: started, then killed with SIGKILL.
// Short leases and attempt timeouts so that a killed worker's claims come back within seconds.
import { getDatabase } from "@/server/db";
import { startDeliveryWorker } from "@/server/webhooks/worker";

const database = await getDatabase();
const worker = startDeliveryWorker(database, { intervalMs: 100, drain: { leaseMs: 1_500, timeoutMs: 1_000, concurrency: 8 } });
await worker.ready;
process.send?.("ready");
process.on("SIGTERM", () => void worker().then(() => process.exit(0)));
