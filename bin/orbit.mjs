#!/usr/bin/env node
// `orbit`: the command-line tool of this package, run as `npx --no-install orbit listen …` (never plain
// `npx orbit`: the registry's `orbit` is an unrelated package that npx would fetch and run where this
// one is not installed). The commands are TypeScript beside the server's code (they sign exactly as the
// sender does), run through tsx's loader.
import { register } from "tsx/esm/api";

register({ tsconfig: new URL("../tsconfig.json", import.meta.url).pathname });
// SIGINT (Ctrl-C) ends the command cleanly.
const stop = new AbortController();
process.once("SIGINT", () => stop.abort());
const { main } = await import("../src/cli/orbit.ts");
// The command's own configuration (ORBIT_API_KEY, ORBIT_URL): it is not the server, so not src/env.ts.
process.exitCode = await main(process.argv.slice(2), process.env, stop.signal);
