// Customers, projects, invoices and reports as an admin uses them: a customer with billing settings
// (and a refused value shown at its field), a project for it, time logged against it, an invoice
// previewed, created, issued and paid, the report; then a member, who sees no admin actions.
import type { Page } from "playwright-core";
import { check, PASSWORD, type E2E, type E2EFlow } from "../harness";

/** The page's width must not exceed the viewport's: nothing forces sideways scrolling of the page. */
async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

const flow: E2EFlow = {
  name: "billing",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Bill", plan: "pro" });
    const customerName = `Globex ${e2e.viewport.name}`;
    let customerId = "";
    let invoiceId = "";
    await e2e.flow("billing", [
      [
        "a billing value the server refuses is shown at its field",
        async () => {
          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Customers");
          await page.getByText("No customers yet.").waitFor();
          await page.getByRole("button", { name: "New customer" }).click();
          const dialog = page.getByRole("dialog", { name: "New customer" });
          await dialog.getByLabel("Name", { exact: true }).fill(customerName);
          await dialog.getByLabel("Currency").fill("ZZZ");
          await dialog.getByRole("button", { name: "Create customer" }).click();
          await dialog.getByText("is not a supported ISO 4217 currency").waitFor();
          check((await dialog.getByLabel("Currency").getAttribute("aria-invalid")) === "true", "the currency field is not marked invalid");
          await e2e.shot(page, "10-customer-field-error");
        },
      ],
      [
        "create a customer with billing fields",
        async () => {
          const dialog = page.getByRole("dialog", { name: "New customer" });
          await dialog.getByLabel("Company").fill("Globex Corporation");
          await dialog.getByLabel("Currency").fill("EUR");
          await dialog.getByLabel("Hourly rate").fill("120");
          await dialog.getByLabel("Tax rate (%)").fill("19");
          await dialog.getByLabel("Rounding increment (minutes)").fill("15");
          await dialog.getByLabel("Rounding mode").selectOption("up");
          await dialog.getByRole("button", { name: "Create customer" }).click();
          await dialog.waitFor({ state: "detached" });
          const link = page.getByRole("link", { name: customerName });
          await link.waitFor();
          customerId = ((await link.getAttribute("href")) ?? "").split("/").pop() ?? "";
          check(customerId.length > 0, "the customer row does not link to its page");
          await page.getByRole("cell", { name: "€120.00 / h" }).waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "11-customers");
        },
      ],
      [
        "create a project for the customer",
        async () => {
          await e2e.navigate(page, "Projects");
          await page.getByRole("button", { name: "New project" }).click();
          const dialog = page.getByRole("dialog", { name: "New project" });
          await dialog.getByLabel("Title").fill("Website relaunch");
          await dialog.getByLabel("Customer").selectOption({ label: customerName });
          await dialog.getByRole("button", { name: "Create project" }).click();
          await dialog.waitFor({ state: "detached" });
          await page.getByRole("link", { name: "Website relaunch" }).waitFor();
          await page.getByRole("cell", { name: customerName }).waitFor();
          await e2e.shot(page, "12-projects");
        },
      ],
      [
        "archive hides the project until Show archived; unarchive brings it back",
        async () => {
          await page.getByRole("button", { name: "Archive", exact: true }).click();
          await page.getByText("No projects yet.").waitFor();
          await page.getByLabel("Show archived").check();
          await page.getByRole("button", { name: "Unarchive", exact: true }).click();
          await page.getByRole("button", { name: "Archive", exact: true }).waitFor();
        },
      ],
      [
        "preview an invoice of the logged time, create it, issue it and mark it paid",
        async () => {
          // 1 h 20 min billable (rounded up to 1 h 30 at €120/h = €180 + 19% tax) and 30 min not billable.
          const startedAt = new Date(Date.now() - 3 * 3600_000);
          const entries = [
            { clientSessionId: `e2e-${Date.now()}-1`, customerId, description: "Design review", startedAt: startedAt.toISOString(), durationSeconds: 4800, isBillable: true, source: "manual" },
            { clientSessionId: `e2e-${Date.now()}-2`, customerId, description: "Internal sync", startedAt: new Date(startedAt.getTime() + 5400_000).toISOString(), durationSeconds: 1800, isBillable: false, source: "manual" },
          ];
          const sync = await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries } });
          check(sync.status === 200, `time-log sync answered ${sync.status}`);

          await e2e.navigate(page, "Invoices");
          await page.getByText("No invoices yet.").waitFor();
          await page.getByRole("link", { name: "New invoice" }).click();
          await page.getByRole("heading", { level: 1, name: "New invoice" }).waitFor();
          await page.getByLabel("Customer").selectOption({ label: customerName });
          await page.getByRole("cell", { name: "Design review" }).waitFor();
          check((await page.getByTestId("invoice-total").textContent())?.includes("214.20"), `preview total is ${await page.getByTestId("invoice-total").textContent()}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "13-invoice-preview", true);
          await page.getByRole("button", { name: "Create invoice" }).click();
          await page.getByRole("heading", { level: 1, name: "Invoice INV-0001" }).waitFor();
          invoiceId = new URL(page.url()).pathname.split("/").pop() ?? "";
          await page.getByRole("button", { name: "Mark as issued" }).click();
          await page.getByRole("button", { name: "Mark as paid" }).click();
          await page.getByText("Paid", { exact: true }).first().waitFor();
          await page.getByRole("button", { name: "Mark as paid" }).waitFor({ state: "detached" });
          check((await page.getByRole("button", { name: "Void" }).count()) === 0, "a paid invoice still offers Void");
          const stored = await e2e.appRequest<{ status: string; totalCents: number; subtotalCents: number; taxCents: number }>("GET", `/api/app/invoices/${invoiceId}`, { cookie });
          check(stored.data.status === "paid" && stored.data.totalCents === 21_420 && stored.data.taxCents === 3_420, `the API answers ${JSON.stringify(stored.data)}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "14-invoice", true);
        },
      ],
      [
        "the invoice list shows number, customer, total and status",
        async () => {
          await e2e.navigate(page, "Invoices");
          const row = page.getByRole("row").filter({ hasText: "INV-0001" });
          await row.waitFor();
          for (const text of [customerName, "€214.20", "Paid"]) check((await row.textContent())?.includes(text), `the invoice row lacks ${text}`);
          await e2e.shot(page, "15-invoices");
        },
      ],
      [
        "the report shows the hours per customer, billable against non-billable",
        async () => {
          await e2e.navigate(page, "Reports");
          await page.getByTestId("report-total").filter({ hasText: "1.83" }).waitFor();
          check((await page.getByTestId("report-billable").textContent()) === "1.33", "billable hours differ");
          check((await page.getByTestId("report-non-billable").textContent()) === "0.50", "non-billable hours differ");
          await page.getByLabel("Group by", { exact: true }).selectOption("customer");
          const row = page.getByRole("table", { name: "Hours per customer" }).getByRole("row").filter({ hasText: customerName });
          await row.waitFor();
          const cells = (await row.getByRole("cell").allTextContents()).map((cell) => cell.trim());
          check(cells.slice(0, 3).join(" | ") === `${customerName} | 1.83 | 1.33`, `the customer row reads ${cells.join(" | ")}`);
          // 1 h 20 min billable, rounded up to 1 h 30 at €120/h, as its invoice line.
          check(cells[3]?.includes("180.00"), `the customer's amount reads ${cells[3]}`);
          await page.locator(".recharts-bar-rectangle").first().waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "16-reports", true);
        },
      ],
      [
        "a member sees no admin actions: no billing fields, no invoices, no webhooks",
        async () => {
          const email = `e2e-member-${Date.now()}-${e2e.viewport.name}@example.com`;
          const added = await e2e.appRequest("POST", "/api/app/members", { cookie, body: { email, password: PASSWORD, name: "Max Member", role: "member" } });
          check(added.status === 201, `adding a member answered ${added.status}`);
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email, password: PASSWORD } });
          const member = await e2e.newPage();
          const sealed = login.cookie!;
          await member.context.addCookies([{ name: "tt_session", value: sealed.slice(sealed.indexOf("=") + 1), url: e2e.baseUrl }]);
          await member.page.goto(e2e.url(`/customers/${customerId}`));
          await member.page.getByRole("heading", { level: 1, name: customerName }).waitFor();
          check((await member.page.getByLabel("Hourly rate").count()) === 0, "a member is offered billing fields");
          check((await member.page.getByRole("link", { name: "New invoice" }).count()) === 0, "a member is offered New invoice");
          await member.page.goto(e2e.url("/invoices"));
          await member.page.getByText("Only admins can see and create invoices.").waitFor();
          await member.page.goto(e2e.url("/webhooks"));
          await member.page.getByText("Only admins can manage webhooks.").waitFor();
          check((await member.page.getByRole("button", { name: "Add endpoint" }).count()) === 0, "a member is offered Add endpoint");
          const refused = await e2e.appRequest("POST", `/api/app/invoices/${invoiceId}/void`, { cookie: sealed });
          check(refused.status === 403, `the server let a member void an invoice (${refused.status})`);
        },
      ],
    ]);
  },
};

export default flow;
