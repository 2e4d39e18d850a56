// The production build of Orbit's server (src/server.ts): one ES module, .next/orbit/server.mjs, with
// our own code bundled and every package left to node_modules (as the Next build leaves them), so
// `npm start` runs plain Node with no TypeScript loader. Run by `npm run build` after `next build`.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts"],
  outfile: ".next/orbit/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
