// orbit/sdk as integrators get it: the committed generated types match the document the server serves
// (regenerate with `npm run sdk:generate`), and `npm pack ./sdk` makes a tarball with the SDK and its
// types only, which installs offline into an empty project where `import … from "orbit/sdk"` type-checks and runs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { SDK_TYPES_FILE, sdkTypesOf } from "../../scripts/sdk-types";
import { TestClient } from "../harness/http";

const root = path.resolve(import.meta.dirname, "../..");
const workDir = mkdtempSync(path.join(tmpdir(), "orbit-sdk-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const CONSUMER = `import { Orbit, OrbitError, verifyWebhook, authorizeUrl, exchangeCode, type WebhookEvent, type Task } from "orbit/sdk";

const orbit = new Orbit({ apiKey: "sk_${"0".repeat(64)}", baseUrl: "http://127.0.0.1:9" , retry: { maxAttempts: 1 } });
export async function titles(): Promise<string[]> {
  const found: string[] = [];
  for await (const task of orbit.tasks.list({ status: "todo" })) found.push((task satisfies Task).title);
  return found;
}
export function describe(event: WebhookEvent): string {
  return event.type === "time_log.created" ? String(event.data.timeLog.durationSeconds) : event.data.invoice.number;
}
const request = authorizeUrl({ baseUrl: "https://orbit.example.com", clientId: "oa_1", redirectUri: "https://app.example.com/cb", scopes: ["reports:read"] });
console.log(JSON.stringify({
  orbit: typeof orbit.reports.time,
  verify: typeof verifyWebhook,
  exchange: typeof exchangeCode,
  error: new OrbitError({ error: "not_found", message: "x", status: 404, requestId: null }) instanceof Error,
  url: request.url.startsWith("https://orbit.example.com/oauth/authorize?"),
}));
`;

describe("orbit/sdk as a package", () => {
  it("has generated types equal to the served document's", async () => {
    const document = await new TestClient().get("/api/v1/openapi.json");
    expect(document.status).toBe(200);
    const committed = readFileSync(path.join(root, SDK_TYPES_FILE), "utf8");
    expect(committed, "run npm run sdk:generate and commit the result").toBe(await sdkTypesOf(document.body));
  });

  it("packs into a tarball of the SDK alone that installs offline, type-checks and runs as orbit/sdk", { timeout: 240_000 }, () => {
    execFileSync(process.execPath, [path.join(root, "scripts/sdk-build.mjs")], { cwd: root, stdio: "pipe" });
    const [packed] = JSON.parse(execFileSync("npm", ["pack", "./sdk", "--json", "--pack-destination", workDir], { cwd: root, encoding: "utf8" })) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed!.files.map((file) => file.path).sort();
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/generated/openapi.d.ts");
    // The SDK and its types only: nothing of the server, the sources or the tests.
    expect(files.filter((file) => !(file === "package.json" || /^dist\/[\w/-]+\.(js|d\.ts)$/.test(file)))).toEqual([]);

    const consumer = path.join(workDir, "consumer");
    execFileSync("mkdir", ["-p", consumer]);
    writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    execFileSync("npm", ["install", "--offline", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", path.join(workDir, packed!.filename)], { cwd: consumer, stdio: "pipe" });
    writeFileSync(path.join(consumer, "index.ts"), CONSUMER);

    const diagnostics = ts
      .getPreEmitDiagnostics(
        ts.createProgram([path.join(consumer, "index.ts")], {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          typeRoots: [path.join(root, "node_modules/@types")],
          types: ["node"],
        }),
      )
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    writeFileSync(path.join(consumer, "index.mjs"), ts.transpileModule(CONSUMER, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const output = execFileSync(process.execPath, [path.join(consumer, "index.mjs")], { cwd: consumer, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({ orbit: "function", verify: "function", exchange: "function", error: true, url: true });
  });
});
