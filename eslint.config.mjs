import js from "@eslint/js";
import tseslint from "typescript-eslint";

const NEXT = "Services, src/server/lib and the webhook engine are framework-free (callable from tests, cron and scripts): no Next.js; the HTTP edge adapts.";
const TRPC = "Services and the webhook engine are called by tRPC procedures, not built on tRPC: take (db | tx, actor, input), throw AppError.";
const API = "This layer sits below the tRPC procedures (src/server/api): move what both need into a service or src/server/lib.";
const WEB = "Pages and components read through tRPC (src/trpc/server.tsx for the first render, useTRPC() after): no services, database or server internals; the limits, contract schemas and types are fine.";
const HTTP = "This layer knows no HTTP: the edges (src/server/http) import it, not the other way round; move what both need into a service or src/server/lib.";
const PGLITE = "Services run on any database: ask load/database-turns.ts whether statements take turns, never the embedded database's modules (src/server/pglite).";
const ENGINE = "Services write their events through the webhook engine (enqueue.ts), so the engine imports no service: what both need (a table's retention, a constant) lives in src/server/lib.";
const SHARED = "src/lib is shared by the browser and the server and sits below both: what it needs lives in src/lib; the server and the web app's client import it, not the other way round.";
const CONTEXT = "Procedures and their middleware read the request through their context (ctx.session, ctx.clientAddress, ctx.origin, ctx.headers), built by the edges' createRequestContext: the edges (src/server/http) import src/server/api, not the other way round.";

/** `no-restricted-imports` for a folder: [import name or pattern ("next/*"), why] pairs. */
function forbidImports(files, rules) {
  const isPattern = ([name]) => name.includes("*");
  return {
    files,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: rules.filter((rule) => !isPattern(rule)).map(([name, message]) => ({ name, message })),
          patterns: rules.filter(isPattern).map(([group, message]) => ({ group: [group], message })),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".data/", "src/generated/", "sdk/dist/", "sdk/src/generated/", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through src/env.ts." }],
    },
  },
  {
    files: ["src/env.ts", "src/instrumentation.ts", "bin/**", "tests/**", "scripts/**", "bench/**", "*.config.*"],
    rules: { "no-restricted-properties": "off" },
  },
  // The server logs through the logger (JSON lines, redaction), never console.
  { files: ["src/server/**", "src/app/api/**"], rules: { "no-console": "error" } },
  // Folder rules: each layer imports only what its room allows (README "Architecture").
  forbidImports(["src/server/services/**"], [
    ["next", NEXT],
    ["next/*", NEXT],
    ["@trpc/*", TRPC],
    ["@/server/api/*", API],
    ["@/server/http/*", HTTP],
    ["@/server/pglite/*", PGLITE],
  ]),
  forbidImports(["src/server/lib/**"], [
    ["next", NEXT],
    ["next/*", NEXT],
    ["@/server/http/*", HTTP],
    ["@/server/api/*", API],
  ]),
  forbidImports(["src/server/api/**"], [["@/server/http/*", CONTEXT]]),
  // Operations (logging, metrics, shutdown) and load control serve the edges; the edges publish what
  // they know to them (load/request-load.ts).
  forbidImports(["src/server/operations/**"], [["@/server/http/*", HTTP]]),
  forbidImports(["src/server/load/**"], [
    ["next", NEXT],
    ["next/*", NEXT],
    ["@trpc/*", TRPC],
    ["@/server/api/*", API],
    ["@/server/http/*", HTTP],
  ]),
  forbidImports(["src/server/webhooks/**"], [
    ["next", NEXT],
    ["@trpc/*", TRPC],
    ["@/server/api/*", API],
    ["@/server/http/*", HTTP],
    ["@/server/services/*", ENGINE],
  ]),
  forbidImports(["src/lib/**"], [
    ["@/server/*", SHARED],
    ["@/trpc/*", SHARED],
  ]),
  // The web app reads data through tRPC (src/trpc), never the server's services or database; client
  // components may import the framework-free limits, contract schemas and types.
  {
    files: ["src/components/**", "src/app/**/page.tsx", "src/app/**/layout.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/server/services/*", "@/server/db", "@/server/http/request-context", "@/server/http/session-cookie", "@/server/operations/*", "@/server/webhooks/deliver", "@/server/webhooks/send"], message: WEB },
            // The public API reference page renders the OpenAPI document on the server.
            { group: ["@/server/api/*", "!@/server/api/openapi"], allowTypeImports: true, message: WEB },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", AbortController: "readonly" } },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
