// The webhooks console as an admin uses it: a refused URL shown at its field, an endpoint added for
// a local receiver started here, a real delivery arriving (signed with the revealed secret) and shown
// in the console with its body and headers; disable, enable, delete. The server must run with
// APP_ENV=development, the only runtime that admits http://localhost endpoints.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../../../src/webhooks/verify";
import { check, type E2EFlow } from "../harness";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 204 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://localhost:${port}/orbit-hook`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a condition (not for a fixed time), up to `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    check(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
            check((await row.textContent())?.includes("Active") ?? false, "the new endpoint is not shown as active");
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
            check((await page.getByTestId("delivery-last-response").textContent()) === "HTTP 204", "the last response is not HTTP 204");
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            check(width <= e2e.viewport.width, `the delivery page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
            await e2e.shot(page, "23-webhook-delivery", true);
          },
        ],
        [
          "disable and enable the endpoint, then delete it with confirmation",
          async () => {
            await page.getByRole("link", { name: "← Endpoint" }).click();
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
