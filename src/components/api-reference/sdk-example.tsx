// The TypeScript SDK on the API reference: how to get it and the short example the README shows too.

/** Ten lines an integrator starts from: create, every page of a list, a report, a verified webhook. */
export const SDK_EXAMPLE = `import { Orbit, verifyWebhook } from "orbit/sdk";

const orbit = new Orbit({ apiKey: process.env.ORBIT_API_KEY!, baseUrl: "https://orbit.example.com" });
const task = await orbit.tasks.create({ title: "Launch post" }); // retried safely: one Idempotency-Key
for await (const log of orbit.timeLogs.list({ from: "2026-03-01T00:00:00Z" })) console.log(log.durationSeconds); // every page
const report = await orbit.reports.time({ from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z", groupBy: "customer" });
console.log(task.id, report.totals.seconds, report.groups.map((group) => group.label));

// In a webhook handler, with the raw body: throws unless a signature (HMAC or Ed25519) verifies.
const event = verifyWebhook(rawBody, request.headers, process.env.ORBIT_WEBHOOK_SECRET!);
if (event.type === "time_log.created") console.log(event.data.timeLog.durationSeconds);`;

export function SdkExample() {
  return (
    <>
      <h2 id="sdk">TypeScript SDK</h2>
      <p>
        <code>orbit/sdk</code> is generated from this document: every operation typed, lists as <code>for await</code> over every page, retries of 429 (after{" "}
        <code>Retry-After</code>), 5xx and network errors with one <code>Idempotency-Key</code> per POST and PATCH, errors as <code>OrbitError</code> (
        <code>error</code>, <code>details</code>, <code>status</code>, <code>requestId</code>), <code>verifyWebhook</code> and the OAuth helpers{" "}
        <code>authorizeUrl</code> and <code>exchangeCode</code>. Build the package from the repository with <code>npm run sdk:pack</code> and install the tarball
        it writes (<code>npm install ./orbit-0.1.0.tgz</code>).
      </p>
      <pre className="overflow-auto rounded-lg bg-code-block px-3.5 py-3 text-[0.8rem] text-code-block-foreground" aria-label="SDK example" tabIndex={0}>
        <code>{SDK_EXAMPLE}</code>
      </pre>
    </>
  );
}
