// The `orbit` command (bin/orbit.mjs): its sub-commands, arguments and help. It is always invoked as
// `npx --no-install orbit …`: the registry's `orbit` is someone else's package, and --no-install makes
// npx run only the bin of a project that has Orbit's package (its repository, or a dependency).
import { parseArgs } from "node:util";
import { listen } from "@/cli/listen";
import { EVENT_TYPES, type EventType } from "@/server/webhooks/events";

const USAGE = `Usage: npx --no-install orbit listen --forward-to <local url> [--events <type,type>]

Follows your organization's events (GET /api/v1/events/stream) and POSTs each one to a local URL,
signed like a webhook delivery with a secret printed at start. Nothing is recorded as a delivery.

Run it in Orbit's repository or in a project that installed Orbit's package. Keep --no-install:
\`orbit\` on the npm registry is an unrelated package, and without the flag npx would download and
run it wherever Orbit's is not installed.

  --forward-to <url>   where to POST each event, e.g. http://localhost:4000/webhooks
  --events <types>     only these types, comma-separated (${EVENT_TYPES.join(", ")})

Environment:
  ORBIT_API_KEY        an API key with the events:read scope (required)
  ORBIT_URL            the Orbit server (default http://127.0.0.1:3000)
`;

export async function main(argv: string[], env: Record<string, string | undefined>, signal?: AbortSignal): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "listen") {
    process[command === "--help" || command === "-h" || !command ? "stdout" : "stderr"].write(USAGE);
    return command === "--help" || command === "-h" ? 0 : 2;
  }
  let values: { "forward-to"?: string; events?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: rest, options: { "forward-to": { type: "string" }, events: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const problems: string[] = [];
  const forwardTo = values["forward-to"];
  if (!forwardTo || !URL.canParse(forwardTo)) problems.push("--forward-to must be a URL, e.g. http://localhost:4000/webhooks");
  const types = values.events ? values.events.split(",").map((type) => type.trim()).filter(Boolean) : [];
  const unknown = types.filter((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length) problems.push(`unknown event type ${unknown.join(", ")}; known: ${EVENT_TYPES.join(", ")}`);
  const apiKey = env.ORBIT_API_KEY;
  if (!apiKey) problems.push("set ORBIT_API_KEY to an API key with the events:read scope");
  const server = env.ORBIT_URL ?? "http://127.0.0.1:3000";
  if (!URL.canParse(server)) problems.push("ORBIT_URL must be a URL, e.g. https://orbit.example.com");
  if (problems.length) {
    process.stderr.write(`${problems.map((problem) => `orbit listen: ${problem}`).join("\n")}\n`);
    return 2;
  }
  return listen({ server, apiKey: apiKey!, forwardTo: forwardTo!, types: types as EventType[], signal });
}
