// Orbit's server process: Next's documented custom server, with /api/v1 answered in front of Next
// (src/server/http/node-server.ts). `npm start` runs its production build (.next/orbit/server.mjs,
// made by scripts/build-server.mjs); `npm run dev` runs it with `--dev` (Next's development server).
// Boot (configuration, migrations, the delivery worker, SIGTERM) runs before the first request.
import next from "next";
import { getEnv } from "@/env";
import { boot } from "@/server/boot";
import { createOrbitServer } from "@/server/http/node-server";
import { getLogger } from "@/server/operations/logger";
import { restoreEngineDate } from "@/server/operations/engine-date";

const isDevelopment = process.argv.includes("--dev");

await boot();
const env = getEnv();
// Next builds each request's URL from these (as `next start` does: localhost and the port).
const app = next({ dev: isDevelopment, hostname: "localhost", port: env.port });
await app.prepare();
// The development server keeps Next's Date, whose checks it reports while pages are written.
if (!isDevelopment) restoreEngineDate();

const server = createOrbitServer({ next: app.getRequestHandler(), listeningOrigin: `http://localhost:${env.port}` });
// The development server's hot reload runs over WebSocket upgrades of this server.
if (isDevelopment) server.on("upgrade", app.getUpgradeHandler());
// All interfaces (IPv4 and IPv6), as `next start` listens.
server.listen(env.port, () => getLogger().info({ port: env.port, development: isDevelopment }, "listening"));
