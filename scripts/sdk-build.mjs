// npm run sdk:build: sdk/dist for the `orbit/sdk` tarball. esbuild bundles the SDK with openapi-fetch
// (so the tarball installs with no dependency), tsc writes its declarations (the generated types included).
import { rm } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

const sdk = path.resolve(import.meta.dirname, "../sdk");
await rm(path.join(sdk, "dist"), { recursive: true, force: true });
await build({ entryPoints: [path.join(sdk, "src/index.ts")], outfile: path.join(sdk, "dist/index.js"), bundle: true, format: "esm", platform: "node", target: "node20", legalComments: "inline" });
execFileSync(process.execPath, [path.resolve(import.meta.dirname, "../node_modules/typescript/bin/tsc"), "-p", path.join(sdk, "tsconfig.json")], { stdio: "inherit" });
console.log("Built sdk/dist");
