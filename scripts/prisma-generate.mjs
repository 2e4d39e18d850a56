// postinstall: generate the Prisma client. The CLI insists on a schema-engine path even though
// generation never runs it, and native engines cannot be downloaded everywhere; any file will do.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ||= fileURLToPath(import.meta.url);
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
