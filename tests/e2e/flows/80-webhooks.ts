// The webhooks console as an admin uses it: a refused URL shown at its field, an endpoint added for
// a local receiver started here, a real delivery arriving (signed with the revealed secret) and shown
// in the console with its body, headers and attempts; Resend, a test event, a secret rotation (both
// signatures verify), a 410 that disables the endpoint and raises a notice, Recover after re-enabling;
// disable, enable, delete; one truthful health through failure and recovery (the page and the in-app
// route agree at each step), attempts labelled Automatic or Manual, test deliveries marked Test in every
// list. The server must run with APP_ENV=development, the only runtime that admits http://localhost
// endpoints.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../../../src/webhooks/verify";
import { check, type E2EFlow } from "../harness";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers `answer.status` (204 unless a step changes it) and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const answer = { status: 204 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${port}/orbit-hook`, received, answer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const headerOf = (received: Received | undefined, name: string) => String(received?.headers[name] ?? "");

/** Waits for a condition (not for a fixed time), up to `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    check(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads until `isDone` holds (a delivery's outcome is recorded just after the receiver answers), up to 20 s. */
async function readUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!isDone(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

const flow: E2EFlow = {
  name: "webhooks",
  async run(e2e) {
    const receiver = await startReceiver();
    const { page, cookie } = await e2e.signedInPage({ prefix: "Hook", plan: "pro" });
    let secret = "";
    try {
      await e2e.flow("webhooks", [
        [
          "a private address is refused at the URL field",
          async () => {
            await page.goto(e2e.url("/timer"));
            await e2e.navigate(page, "Webhooks");
            await page.getByText("No endpoints yet.").waitFor();
            await page.getByRole("button", { name: "Add endpoint" }).click();
            const dialog = page.getByRole("dialog", { name: "Add endpoint" });
            await dialog.getByLabel("Endpoint URL").fill("https://10.0.0.7/hook");
            await dialog.getByRole("button", { name: "Add endpoint" }).click();
            await dialog.locator(".field-error").first().waitFor();
            check((await dialog.getByLabel("Endpoint URL").getAttribute("aria-invalid")) === "true", "the URL field is not marked invalid");
            await e2e.shot(page, "20-webhook-url-error");
          },
        ],
        [
          "add an endpoint for the local receiver, subscribed to time_log.created only",
          async () => {
            const dialog = page.getByRole("dialog", { name: "Add endpoint" });
            await dialog.getByLabel("Endpoint URL").fill(receiver.url);
            await dialog.getByLabel("invoice.created").uncheck();
            check(await dialog.getByLabel("time_log.created").isChecked(), "time_log.created is not checked");
            const rate = dialog.getByLabel("Requests per second");
            check((await rate.inputValue()) === "50", "the request rate does not default to 50");
            await rate.fill("0");
            await dialog.getByRole("button", { name: "Add endpoint" }).click();
            await page.waitForFunction(() => document.querySelector('[role="dialog"] input[type="number"]')?.getAttribute("aria-invalid") === "true");
            await rate.fill("120");
            await dialog.getByRole("button", { name: "Add endpoint" }).click();
            await dialog.waitFor({ state: "detached" });
            const row = page.getByRole("row").filter({ hasText: receiver.url });
            await row.waitFor();
            check((await row.textContent())?.includes("Healthy") ?? false, "the new endpoint is not shown as healthy");
            const endpoints = await e2e.appRequest<{ url: string; maxRequestsPerSecond: number }[]>("GET", "/api/app/webhooks", { cookie });
            check(endpoints.data.find((endpoint) => endpoint.url === receiver.url)?.maxRequestsPerSecond === 120, "the endpoint was not saved at 120 requests per second");
            await e2e.shot(page, "21-webhooks");
          },
        ],
        [
          "the endpoint page hides the secret until revealed",
          async () => {
            await page.getByRole("link", { name: receiver.url }).click();
            await page.getByRole("heading", { level: 1, name: "Webhook endpoint" }).waitFor();
            check(!(await page.getByTestId("endpoint-secret").textContent())?.match(/whsec_[0-9a-f]{64}/), "the secret is shown before Reveal");
            await page.getByRole("button", { name: "Reveal secret" }).click();
            // The secret is fetched on Reveal (the polled page read leaves it out).
            await page.getByTestId("endpoint-secret").filter({ hasText: /whsec_[0-9a-f]{64}/ }).waitFor();
            secret = ((await page.getByTestId("endpoint-secret").textContent()) ?? "").trim();
            check(/^whsec_[0-9a-f]{64}$/.test(secret), `revealed secret looks wrong: ${secret}`);
            await page.getByRole("button", { name: "Hide secret" }).click();
            await page.getByRole("button", { name: "Copy secret" }).waitFor();
            await page.getByText("No deliveries yet.").waitFor();
          },
        ],
        [
          "a time log is delivered to the receiver, signed with that secret",
          async () => {
            const entry = { clientSessionId: `hook-${Date.now()}`, description: "Webhook check", startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 600, source: "manual" };
            const sync = await e2e.appRequest<{ committed: Array<{ id: string }> }>("POST", "/api/app/time-logs/sync", { cookie, body: { entries: [entry] } });
            check(sync.status === 200, `time-log sync answered ${sync.status}`);
            await until(() => receiver.received.length > 0, 20_000, "the delivery to reach the receiver");
            const [delivery] = receiver.received;
            check(verifyWebhookSignature(delivery!.body, String(delivery!.headers["x-service-signature"]), secret), "the delivery's signature does not verify with the revealed secret");
            const event = JSON.parse(delivery!.body) as { type: string; data: { timeLog: { id: string } } };
            check(event.type === "time_log.created" && event.data.timeLog.id === sync.data.committed[0]!.id, `unexpected event ${delivery!.body}`);
          },
        ],
        [
          "the console shows the delivery as succeeded, and its page shows body and headers",
          async () => {
            await page.getByRole("button", { name: "Refresh" }).click();
            const row = page.getByRole("row").filter({ hasText: "time_log.created" });
            await row.filter({ hasText: "Succeeded" }).waitFor();
            await page.getByLabel("Delivery status").selectOption("failed");
            await page.getByText("No deliveries with this status.").waitFor();
            await page.getByLabel("Delivery status").selectOption("success");
            await e2e.shot(page, "22-webhook-endpoint", true);
            await page.getByRole("link", { name: /^Delivery dlv_/ }).click();
            await page.getByRole("heading", { level: 1, name: "Delivery of time_log.created" }).waitFor();
            const body = (await page.getByTestId("delivery-body").textContent()) ?? "";
            check(body.includes('"type": "time_log.created"') && body.includes("Webhook check"), "the event body is not shown formatted");
            await page.getByRole("cell", { name: "X-Service-Signature" }).waitFor();
            const attempts = page.getByTestId("attempt");
            check((await attempts.count()) === 1, "the attempt log does not show exactly one attempt");
            const first = (await attempts.first().textContent()) ?? "";
            // Sent on the retry schedule: labelled Automatic, never "scheduled" (it was already sent).
            check(first.includes("Attempt 1") && first.includes("Automatic") && !/scheduled/i.test(first) && first.includes("HTTP 204"), `the first attempt reads: ${first}`);
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            check(width <= e2e.viewport.width, `the delivery page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
            await e2e.shot(page, "23-webhook-delivery", true);
          },
        ],
        [
          "Resend makes one manual attempt: same body, event and delivery ids, a fresh signature",
          async () => {
            const before = receiver.received.length;
            await page.getByRole("button", { name: "Resend" }).click();
            await until(() => receiver.received.length > before, 20_000, "the resent delivery to reach the receiver");
            const [original, resent] = [receiver.received[0], receiver.received[before]];
            check(resent!.body === original!.body, "the resent body differs from the original bytes");
            check(headerOf(resent, "x-service-delivery-id") === headerOf(original, "x-service-delivery-id"), "the delivery id changed");
            check(headerOf(resent, "webhook-id") === headerOf(original, "webhook-id"), "the event id changed");
            check(verifyWebhookSignature(resent!.body, headerOf(resent, "x-service-signature"), secret), "the resent delivery's signature does not verify");
            const attempts = page.getByTestId("attempt");
            await attempts.nth(1).filter({ hasText: "Manual" }).waitFor();
            await e2e.shot(page, "24-webhook-attempts", true);
          },
        ],
        [
          "Send test event: a new invoice.created event with example data, to this endpoint only",
          async () => {
            await page.getByRole("link", { name: "← Endpoint" }).click();
            await page.getByRole("button", { name: "Send test event" }).click();
            const dialog = page.getByRole("dialog", { name: "Send test event" });
            await dialog.getByLabel("Event type").selectOption("invoice.created");
            await dialog.getByText("Preview the body").click();
            const preview = (await dialog.getByLabel("Test event body of invoice.created").textContent()) ?? "";
            check(preview.includes('"type": "invoice.created"') && preview.includes('"number": "INV-0001"'), `the preview reads: ${preview.slice(0, 120)}`);
            const before = receiver.received.length;
            await dialog.getByRole("button", { name: "Send test event" }).click();
            await dialog.getByText("Test event queued.").waitFor();
            await until(() => receiver.received.length > before, 20_000, "the test event to reach the receiver");
            const event = JSON.parse(receiver.received[before]!.body) as { type: string };
            check(event.type === "invoice.created", `the test event is ${event.type}`);
            await dialog.getByRole("link", { name: "View the test delivery" }).click();
            await page.getByRole("heading", { level: 1, name: "Test delivery of invoice.created" }).waitFor();
            // Marked in the attempts, the endpoint's deliveries and Webhooks → Events.
            await page.getByTestId("attempt").first().filter({ hasText: "Test" }).waitFor();
            await page.getByRole("link", { name: "← Endpoint" }).click();
            await page.getByRole("row").filter({ hasText: "invoice.created" }).filter({ hasText: "Test" }).waitFor();
            check((await page.getByRole("row").filter({ hasText: "time_log.created" }).filter({ hasText: "Test" }).count()) === 0, "a real delivery is marked Test");
            const endpointPath = new URL(page.url()).pathname;
            await page.goto(e2e.url("/webhooks/events"));
            await page.getByRole("row").filter({ hasText: "invoice.created" }).filter({ hasText: "Test" }).waitFor();
            await page.goto(e2e.url(endpointPath));
            await page.getByRole("heading", { level: 1, name: "Webhook endpoint" }).waitFor();
          },
        ],
        [
          "Rotate secret with a 24-hour overlap: deliveries carry both signatures",
          async () => {
            await page.getByRole("button", { name: "Rotate secret" }).click();
            const dialog = page.getByRole("dialog", { name: "Rotate signing secret" });
            await dialog.getByLabel("Overlap").selectOption({ label: "24 hours (recommended)" });
            await dialog.getByRole("button", { name: "Rotate secret" }).click();
            const rotated = ((await dialog.getByTestId("rotated-secret").textContent()) ?? "").trim();
            check(/^whsec_[0-9a-f]{64}$/.test(rotated) && rotated !== secret, "the rotated secret is not a new whsec_ secret");
            await dialog.getByRole("button", { name: "Close" }).click();
            await page.getByTestId("previous-secret").waitFor();
            const before = receiver.received.length;
            await page.getByRole("button", { name: "Send test event" }).click();
            const test = page.getByRole("dialog", { name: "Send test event" });
            await test.getByRole("button", { name: "Send test event" }).click();
            await test.getByText("Test event queued.").waitFor();
            await test.getByRole("button", { name: "Close" }).click();
            await until(() => receiver.received.length > before, 20_000, "a delivery signed after the rotation");
            const signed = receiver.received[before]!;
            const header = headerOf(signed, "x-service-signature");
            check(header.split(",").filter((part) => part.startsWith("v1=")).length === 2, `expected two v1 signatures: ${header}`);
            check(verifyWebhookSignature(signed.body, header, rotated) && verifyWebhookSignature(signed.body, header, secret), "the new and the old secret do not both verify");
            check(headerOf(signed, "webhook-signature").split(" ").length === 2, "webhook-signature does not carry two signatures");
            secret = rotated;
          },
        ],
        [
          "a 410 answer disables the endpoint and raises a notice; the badge leads to it and it is marked read",
          async () => {
            receiver.answer.status = 410;
            const before = receiver.received.length;
            const entry = { clientSessionId: `gone-${Date.now()}`, description: "Gone check", startedAt: new Date(Date.now() - 7_200_000).toISOString(), durationSeconds: 300, source: "manual" };
            const sync = await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries: [entry] } });
            check(sync.status === 200, `time-log sync answered ${sync.status}`);
            await until(() => receiver.received.length > before, 20_000, "the delivery that meets the 410");
            await page.reload();
            await page.getByText("Disabled: the endpoint answered 410 Gone").waitFor();
            check(!(await page.getByRole("button", { name: "Send test event" }).isVisible()), "a disabled endpoint still offers test events");
            const badge = page.getByRole("link", { name: /^1 unread notice$/ });
            await badge.click();
            await page.waitForURL((url) => url.pathname === "/webhooks");
            const notice = page.getByTestId("notice").filter({ hasText: "410 Gone" });
            await notice.waitFor();
            await e2e.shot(page, "25-webhook-notices", true);
            await notice.getByRole("button", { name: /^Mark read/ }).click();
            await notice.getByRole("button", { name: /^Mark read/ }).waitFor({ state: "detached" });
            await badge.waitFor({ state: "detached" });
          },
        ],
        [
          "after re-enabling, Recover failed since an hour ago sends the failed delivery again",
          async () => {
            receiver.answer.status = 204;
            await page.getByRole("table", { name: "Webhook endpoints" }).getByRole("link", { name: receiver.url }).click();
            await page.getByRole("button", { name: "Enable endpoint" }).click();
            await page.getByRole("button", { name: "Recover failed deliveries" }).click();
            const dialog = page.getByRole("dialog", { name: "Recover failed deliveries" });
            const before = receiver.received.length;
            await dialog.getByRole("button", { name: "Recover deliveries" }).click();
            await dialog.getByText("1 delivery queued for another attempt.").waitFor();
            await until(() => receiver.received.length > before, 20_000, "the recovered delivery");
            check(receiver.received[before]!.body.includes("Gone check"), "the recovered delivery is not the failed one");
            await dialog.getByRole("button", { name: "Close" }).click();
            await page.getByLabel("Delivery status").selectOption("failed");
            await page.getByText("No deliveries with this status.").waitFor();
            await page.getByLabel("Delivery status").selectOption("");
          },
        ],
        [
          "the console finds a delivery by its event id, lists events with where they went, and shows each event type",
          async () => {
            const endpointPath = new URL(page.url()).pathname;
            const events = await e2e.appRequest<{ id: string; type: string; deliveries: { id: string }[] }[]>("GET", "/api/app/webhooks/events?type=time_log.created", { cookie });
            const event = events.data.find((candidate) => candidate.deliveries.length > 0);
            check(event !== undefined, "no time_log.created event with a delivery is listed");
            await page.getByLabel("Find by event or delivery id").fill(event!.id);
            await page.getByRole("link", { name: `Delivery ${event!.deliveries[0]!.id}` }).waitFor();
            check((await page.getByRole("link", { name: /^Delivery dlv_/ }).count()) === 1, "the search does not narrow the log to one delivery");
            await page.getByLabel("Find by event or delivery id").fill("");
            await page.getByRole("heading", { name: "Attempts per hour" }).waitFor();
            await page.getByRole("link", { name: "← Webhooks" }).click();
            await page.getByRole("navigation", { name: "Webhooks" }).getByRole("link", { name: "Events" }).click();
            await page.getByRole("heading", { level: 1, name: "Webhook events" }).waitFor();
            await page.getByRole("link", { name: new RegExp(`^Delivery ${event!.deliveries[0]!.id} to `) }).waitFor();
            await e2e.shot(page, "24-webhook-events", true);
            await page.getByRole("navigation", { name: "Webhooks" }).getByRole("link", { name: "Event types" }).click();
            await page.getByRole("heading", { level: 2, name: "time_log.created" }).waitFor();
            await page.getByLabel("Example body of invoice.created").waitFor();
            await e2e.shot(page, "25-webhook-event-types", true);
            await page.goto(new URL(endpointPath, page.url()).toString());
            await page.getByRole("button", { name: "Disable endpoint" }).waitFor();
          },
        ],
        [
          "driven through failure and recovery, the endpoint's health reads the same on its page and through the in-app route",
          async () => {
            const endpointId = new URL(page.url()).pathname.split("/").pop()!;
            type Health = { state: string; consecutiveFailures: number; attempts24h: number; failedAttempts24h: number; deliveries24h: { succeeded: number; failed: number; retrying: number } };
            const health = async () => (await e2e.appRequest<{ health: Health; consecutiveFailures: number }>("GET", `/api/app/webhooks/${endpointId}`, { cookie })).data;
            const logTime = async (label: string) => {
              const entry = { clientSessionId: `${label}-${Date.now()}`, description: label, startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 60, source: "manual" };
              check((await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries: [entry] } })).status === 200, "the time-log sync failed");
            };
            const before = await health();
            check(before.health.state === "healthy", `before the failure the endpoint reads ${before.health.state}`);

            receiver.answer.status = 500;
            let count = receiver.received.length;
            await logTime("Failing check");
            await until(() => receiver.received.length > count, 20_000, "the delivery that meets the 500");
            let now = await readUntil(health, (read) => read.health.state === "failing");
            // Failing at its first failed attempt; the delivery is retrying, none has failed for good, so the
            // contract's consecutive failures stay 0, and the page says all of that in the same words.
            check(now.health.state === "failing" && now.health.consecutiveFailures === 0 && now.consecutiveFailures === 0, `after a failed attempt: ${JSON.stringify(now.health)}`);
            check(now.health.deliveries24h.retrying >= 1 && now.health.failedAttempts24h >= 1, `after a failed attempt: ${JSON.stringify(now.health)}`);
            await page.reload();
            const state = page.getByTestId("endpoint-health");
            await state.filter({ hasText: "Failing" }).waitFor();
            const deliveries = (await page.getByTestId("endpoint-deliveries").textContent()) ?? "";
            check(deliveries === `${now.health.deliveries24h.succeeded} succeeded · ${now.health.deliveries24h.failed} failed · ${now.health.deliveries24h.retrying} retrying`, `the page's deliveries read: ${deliveries}`);
            check(((await page.getByTestId("endpoint-consecutive-failures").textContent()) ?? "").startsWith("0"), "the page's consecutive failures are not 0");
            const attempts = (await page.getByTestId("endpoint-stats").textContent()) ?? "";
            check(attempts === `${now.health.attempts24h} made · ${now.health.failedAttempts24h} failed`, `the page's attempts read ${attempts}, the route says ${now.health.failedAttempts24h} of ${now.health.attempts24h} failed`);
            await e2e.shot(page, "26-webhook-failing", true);

            receiver.answer.status = 204;
            count = receiver.received.length;
            await logTime("Recovered check");
            await until(() => receiver.received.slice(count).some((request) => request.body.includes("Recovered check")), 20_000, "the delivery after the receiver recovered");
            now = await readUntil(health, (read) => read.health.state === "healthy");
            check(now.health.state === "healthy" && now.health.consecutiveFailures === 0, `after the receiver recovered: ${JSON.stringify(now.health)}`);
            await page.reload();
            await state.filter({ hasText: "Healthy" }).waitFor();
            await page.getByRole("link", { name: "← Webhooks" }).click();
            const row = page.getByRole("table", { name: "Webhook endpoints" }).getByRole("row").filter({ hasText: receiver.url });
            await row.getByTestId("endpoint-health").filter({ hasText: "Healthy" }).waitFor();
            await e2e.shot(page, "27-webhooks-healthy");
            await row.getByRole("link", { name: receiver.url }).click();
            await page.getByRole("button", { name: "Disable endpoint" }).waitFor();
          },
        ],
        [
          "disable and enable the endpoint, then delete it with confirmation",
          async () => {
            await page.getByRole("button", { name: "Disable endpoint" }).click();
            await page.getByText("Paused by an admin").waitFor();
            await page.getByRole("button", { name: "Enable endpoint" }).click();
            await page.getByRole("button", { name: "Disable endpoint" }).waitFor();
            await page.getByRole("button", { name: "Delete endpoint" }).click();
            const confirm = page.getByRole("alertdialog");
            await confirm.getByRole("button", { name: "Delete endpoint" }).click();
            await page.waitForURL((url) => url.pathname === "/webhooks");
            await page.getByText("No endpoints yet.").waitFor();
            const list = await e2e.appRequest<unknown[]>("GET", "/api/app/webhooks", { cookie });
            check(list.data.length === 0, "the endpoint still exists on the server");
          },
        ],
      ]);
    } finally {
      await receiver.close();
    }
  },
};

export default flow;
