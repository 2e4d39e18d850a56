// Reports as an admin uses them: a period, a grouping change and a filter (each kept in the address),
// the totals, billed hours, amount and tax from the server, the CSV and PDF of the same report, a
// saved report, its share link opened in a fresh browser without cookies, and the link revoked. Then
// the person's clock and duration format: a 12-hour clock and decimal hours first, switched in
// Settings → Preferences to 24 hours and h:mm, which the report, its chart's axis and tooltip, a
// dialog's date-time field, the shared page and the webhooks console all follow.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { check, textOf, type E2E, type E2EFlow } from "../harness";

const TWELVE_HOUR = /\d{1,2}:\d{2}\s?[AP]M/;

/** The texts of a chart's axis ticks. */
const axisTicks = (page: Page) => page.locator(".recharts-cartesian-axis-tick-value").allTextContents();

/** Hovers the chart's first bar and answers the tooltip's text. */
async function tooltipOfFirstBar(page: Page): Promise<string> {
  await page.locator(".recharts-bar-rectangle").first().hover();
  const tooltip = page.locator(".recharts-tooltip-wrapper .recharts-default-tooltip");
  await tooltip.waitFor();
  return (await tooltip.textContent()) ?? "";
}

/** The page's width must not exceed the viewport's: nothing forces sideways scrolling of the page. */
async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

const flow: E2EFlow = {
  name: "reports",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Rep", plan: "pro" });
    // A 12-hour clock and decimal hours to begin with; the last steps switch both in Settings.
    const preferences = await e2e.appRequest("PATCH", "/api/app/me/preferences", { cookie, body: { timeFormat: "h12", durationFormat: "decimal" } });
    check(preferences.status === 200, `preferences answered ${preferences.status}`);
    const customerName = `Umbrella ${e2e.viewport.name}`;
    const reportName = `Umbrella billable ${e2e.viewport.name}`;
    let shareUrl = "";
    await e2e.flow("reports", [
      [
        "the report of the last 30 days, grouped by project: totals and the logs behind them",
        async () => {
          const created = await fetch(e2e.url("/api/trpc/customers.createWithBilling"), {
            method: "POST",
            headers: { "content-type": "application/json", cookie },
            body: JSON.stringify({ name: customerName, currency: "EUR", hourlyRateCents: 12_000, taxRateBps: 1_900, roundingIncrementMinutes: 15, roundingMode: "up" }),
          });
          check(created.status === 200, `customer create answered ${created.status}`);
          const customerId = ((await created.json()) as { result: { data: { id: string } } }).result.data.id;
          // 1 h 20 min billable at €120/h, billed 1 h 30 min (rounded up to 15 minutes: €180.00, 19% tax €34.20), and 30 min not billable, a day ago.
          const startedAt = new Date(Date.now() - 26 * 3600_000);
          const entries = [
            { clientSessionId: `e2e-rep-${Date.now()}-1`, customerId, description: "Audit", startedAt: startedAt.toISOString(), durationSeconds: 4800, isBillable: true, source: "manual" },
            { clientSessionId: `e2e-rep-${Date.now()}-2`, description: "Internal notes", startedAt: new Date(startedAt.getTime() + 5400_000).toISOString(), durationSeconds: 1800, isBillable: false, source: "manual" },
          ];
          const sync = await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries } });
          check(sync.status === 200, `time-log sync answered ${sync.status}`);

          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Reports");
          await page.getByLabel("Period", { exact: true }).selectOption("last_30_days");
          await page.waitForURL(/range=last_30_days/);
          await page.getByTestId("report-total").filter({ hasText: "1.83" }).waitFor();
          check((await textOf(page, "report-billable")) === "1.33", `billable hours read ${await textOf(page, "report-billable")}`);
          check((await textOf(page, "report-non-billable")) === "0.50", `non-billable hours read ${await textOf(page, "report-non-billable")}`);
          check((await textOf(page, "report-billed")) === "1.50", `billed hours read ${await textOf(page, "report-billed")}`);
          check((await textOf(page, "report-tax")).includes("34.20"), `the tax reads ${await textOf(page, "report-tax")}`);
          check((await page.getByTestId("report-log-row").count()) === 2, "the detail does not list both logs");
          const started = (await page.getByTestId("report-log-row").first().getByRole("cell").first().textContent()) ?? "";
          check(TWELVE_HOUR.test(started), `a log's start reads ${started} in a 12-hour clock`);
          await page.getByRole("img", { name: /Hours \(decimal hours\) per project/ }).waitFor();
          await page.locator(".recharts-bar-rectangle").first().waitFor();
          const ticks = await axisTicks(page);
          check(ticks.some((tick) => /^\d+\.\d{2}$/.test(tick)) && !ticks.some((tick) => tick.includes(":")), `the chart's axis reads ${ticks.join(" ")} in decimal hours`);
          const tooltip = await tooltipOfFirstBar(page);
          check(/\d+\.\d{2}/.test(tooltip) && !/\d:\d{2}/.test(tooltip), `the chart's tooltip reads ${tooltip}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "75-reports", true);

          // From and To are days as YYYY-MM-DD whatever the browser's locale; a typed day is read, rewritten, and a custom period.
          const fromField = page.getByLabel("From", { exact: true });
          const from = await fromField.inputValue();
          check(/^\d{4}-\d{2}-\d{2}$/.test(from), `From reads ${from}`);
          const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000);
          await fromField.fill(`${dayBefore.getUTCFullYear()}/${dayBefore.getUTCMonth() + 1}/${dayBefore.getUTCDate()}`);
          await page.waitForURL(/range=custom/);
          await fromField.blur();
          check((await fromField.inputValue()) === dayBefore.toISOString().slice(0, 10), `From was not rewritten: ${await fromField.inputValue()}`);
          await page.getByTestId("report-total").filter({ hasText: "1.83" }).waitFor();
          await fromField.fill("2026-02-30");
          await fromField.blur();
          await page.getByText("Enter a date like 2026-11-25.").waitFor();
          await page.getByLabel("Period", { exact: true }).selectOption("last_30_days");
          await page.waitForURL(/range=last_30_days/);
        },
      ],
      [
        "group by customer, then by day: the address keeps the grouping",
        async () => {
          await page.getByLabel("Group by", { exact: true }).selectOption("customer");
          await page.getByLabel("Then by", { exact: true }).selectOption("day");
          await page.waitForURL(/groupBy=customer%2Cday/);
          const table = page.getByRole("table", { name: "Hours per customer and day" });
          const row = table.getByRole("row").filter({ hasText: customerName });
          const cells = (await row.getByRole("cell").allTextContents()).map((cell) => cell.trim());
          check(cells.slice(0, 4).join(" | ") === `${customerName} | 1.33 | 1.33 | 1.50`, `the customer row reads ${cells.join(" | ")}`);
          check(cells[4]?.includes("180.00") && cells[5]?.includes("34.20"), `the customer's amount and tax read ${cells.slice(4).join(" | ")}`);
          await table.getByRole("row").filter({ hasText: "No customer" }).waitFor();
        },
      ],
      [
        "filter to billable time; a reload (a bookmark) keeps the report",
        async () => {
          await page.getByLabel("Billable", { exact: true }).selectOption("billable");
          await page.waitForURL(/billable=true/);
          await page.getByTestId("report-total").filter({ hasText: "1.33" }).waitFor();
          await page.getByTestId("report-log-row").nth(1).waitFor({ state: "detached" });
          check((await textOf(page, "report-amounts")).includes("180.00"), `the amount reads ${await textOf(page, "report-amounts")}`);
          await page.reload();
          await page.getByTestId("report-total").filter({ hasText: "1.33" }).waitFor();
          check((await page.getByLabel("Billable", { exact: true }).inputValue()) === "billable", "the billable filter was not kept");
          check((await page.getByLabel("Then by", { exact: true }).inputValue()) === "day", "the second grouping was not kept");
          await fitsViewport(e2e, page);
          await e2e.shot(page, "76-reports-filtered", true);
        },
      ],
      [
        "download the CSV of the detail and the PDF of the summary",
        async () => {
          const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
          const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
          check(csv[0]?.startsWith("customer,day,startedAt"), `the CSV header reads ${csv[0]}`);
          const header = csv[0]!.split(",");
          check(new Set(header).size === header.length, `the CSV repeats a header: ${csv[0]}`);
          check(download.suggestedFilename() === `time-report-${await page.getByLabel("From", { exact: true }).inputValue()}-to-${await page.getByLabel("To", { exact: true }).inputValue()}.csv`, `the CSV is named ${download.suggestedFilename()}`);
          check(csv.length === 2 && csv[1]!.includes("Audit") && csv[1]!.includes("18000"), `the CSV holds ${csv.length - 1} rows: ${csv.slice(1).join(" / ")}`);
          const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
          const pdf = await fetch(e2e.url(pdfHref ?? ""), { headers: { cookie } });
          const bytes = Buffer.from(await pdf.arrayBuffer());
          check(pdf.status === 200 && pdf.headers.get("content-type") === "application/pdf" && bytes.subarray(0, 5).toString() === "%PDF-", `the PDF link answered ${pdf.status} ${pdf.headers.get("content-type")}`);
        },
      ],
      [
        "save the report under a name",
        async () => {
          await page.getByText("No saved reports yet.").waitFor();
          await page.getByRole("button", { name: "Save report" }).click();
          const dialog = page.getByRole("dialog", { name: "Save report" });
          await dialog.getByRole("button", { name: "Save" }).click();
          await dialog.getByText("must not be empty").waitFor();
          await dialog.getByLabel("Name").fill(reportName);
          await dialog.getByLabel("Show amounts on its shared page").check();
          await dialog.getByRole("button", { name: "Save" }).click();
          await dialog.waitFor({ state: "detached" });
          const row = page.getByTestId("saved-report-row").filter({ hasText: reportName });
          await row.getByText("Last 30 days").waitFor();
          await row.getByText("Not shared").waitFor();
        },
      ],
      [
        "share it: a link shown once, with a copy button",
        async () => {
          await page.getByRole("button", { name: `Share ${reportName}` }).click();
          const dialog = page.getByRole("dialog", { name: `Share “${reportName}”` });
          await dialog.getByRole("button", { name: "Create link" }).click();
          shareUrl = (await dialog.getByTestId("share-url").textContent())?.trim() ?? "";
          check(/\/r\/[A-Za-z0-9_-]{43}$/.test(shareUrl), `the share link reads ${shareUrl}`);
          await dialog.getByRole("button", { name: "Copy link" }).waitFor();
          await e2e.shot(page, "77-reports-share");
          await dialog.getByRole("button", { name: "Done" }).click();
          await page.getByTestId("saved-report-row").filter({ hasText: reportName }).getByText("Shared", { exact: true }).waitFor();
        },
      ],
      [
        "the link opens without a session: the report, its chart, its logs and its CSV; not indexed",
        async () => {
          const { page: visitor, context } = await e2e.newPage();
          check((await context.cookies()).length === 0, "the fresh context holds cookies");
          const response = await visitor.goto(shareUrl);
          check(response?.status() === 200, `the shared page answered ${response?.status()}`);
          await visitor.getByRole("heading", { level: 1, name: reportName }).waitFor();
          check((await visitor.getByRole("navigation", { name: "Main" }).count()) === 0, "the shared page shows the app's navigation");
          await visitor.getByTestId("report-total").filter({ hasText: "1.33" }).waitFor();
          check((await textOf(visitor, "report-amounts")).includes("180.00"), `the shared amount reads ${await textOf(visitor, "report-amounts")}`);
          await visitor.getByRole("table", { name: "Hours per customer and day" }).getByRole("row").filter({ hasText: customerName }).waitFor();
          await visitor.locator('[data-preferences="applied"]').waitFor();
          const audit = visitor.getByTestId("report-log-row").filter({ hasText: "Audit" });
          await audit.waitFor();
          // In its owner's 12-hour clock and decimal hours, with the filters it was saved with.
          const started = (await audit.getByRole("cell").first().textContent()) ?? "";
          check(TWELVE_HOUR.test(started), `the shared log's start reads ${started}`);
          check((await textOf(visitor, "report-filters")) === "Filters: Billable: Billable only", `the shared filters read ${await textOf(visitor, "report-filters")}`);
          check((await textOf(visitor, "report-tax")).includes("34.20"), `the shared tax reads ${await textOf(visitor, "report-tax")}`);
          await visitor.locator(".recharts-bar-rectangle").first().waitFor();
          const robots = await visitor.locator('meta[name="robots"]').getAttribute("content");
          check(robots?.includes("noindex"), `the robots meta reads ${robots}`);
          const csvHref = await visitor.getByRole("link", { name: "Download CSV" }).getAttribute("href");
          const csv = await fetch(e2e.url(csvHref ?? ""));
          check(csv.status === 200 && (await csv.text()).includes("Audit"), `the shared CSV answered ${csv.status}`);
          await fitsViewport(e2e, visitor);
          await e2e.shot(visitor, "78-shared-report", true);
          await context.close();
        },
      ],
      [
        "stop sharing: the link answers not found; delete the saved report",
        async () => {
          await page.getByRole("button", { name: `Stop sharing ${reportName}` }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Stop sharing" }).click();
          await page.getByTestId("saved-report-row").filter({ hasText: reportName }).getByText("Not shared").waitFor();
          const { page: visitor, context } = await e2e.newPage();
          const response = await visitor.goto(shareUrl);
          check(response?.status() === 404, `the revoked link answered ${response?.status()}`);
          await visitor.getByRole("heading", { level: 1, name: "This report is not available" }).waitFor();
          await e2e.shot(visitor, "79-shared-report-revoked");
          await context.close();

          await page.getByRole("button", { name: `Delete ${reportName}` }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
          await page.getByText("No saved reports yet.").waitFor();
        },
      ],
      [
        "Settings → Preferences: 24 hours and h:mm; the report, its chart's axis and tooltip follow",
        async () => {
          await e2e.navigate(page, "Settings");
          await page.getByRole("combobox", { name: "Time format" }).selectOption("h24");
          await page.getByRole("combobox", { name: "Duration format" }).selectOption("hm");
          await page.getByRole("button", { name: "Save preferences" }).click();
          await page.getByText("Preferences saved.").waitFor();
          await e2e.navigate(page, "Reports");
          await page.locator('main[data-preferences="applied"]').waitFor();
          // 1 h 20 min billable, 50 min in all (the billable filter is off on a fresh visit).
          await page.getByLabel("Period", { exact: true }).selectOption("last_30_days");
          await page.getByTestId("report-total").filter({ hasText: "1:50" }).waitFor();
          check((await textOf(page, "report-billable")) === "1:20", `billable hours read ${await textOf(page, "report-billable")}`);
          check((await textOf(page, "report-billed")) === "1:30", `billed hours read ${await textOf(page, "report-billed")} (1:20 rounded up to 15 minutes)`);
          const started = (await page.getByTestId("report-log-row").first().getByRole("cell").first().textContent()) ?? "";
          check(/\d{1,2}:\d{2}/.test(started) && !TWELVE_HOUR.test(started), `a log's start reads ${started} in a 24-hour clock`);
          await page.getByRole("img", { name: /Hours \(h:mm\) per project/ }).waitFor();
          const ticks = await axisTicks(page);
          check(ticks.some((tick) => /^\d+:\d{2}$/.test(tick)) && !ticks.some((tick) => /^\d+\.\d{2}$/.test(tick)), `the chart's axis reads ${ticks.join(" ")} in h:mm`);
          const tooltip = await tooltipOfFirstBar(page);
          check(/\d:\d{2}/.test(tooltip) && !/\d\.\d{2}/.test(tooltip), `the chart's tooltip reads ${tooltip}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "80-reports-24h-hm", true);
        },
      ],
      [
        "a dialog's date-time field and the webhooks console follow the 24-hour clock",
        async () => {
          await e2e.navigate(page, "Timer");
          const dialog = await e2e.openDialog(page, "Add time");
          const start = dialog.getByRole("textbox", { name: "Start", exact: true });
          const value = await start.inputValue();
          check(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value), `Add time's start reads ${value}`);
          // Typed in the 12-hour form, it is read and shown back in the 24-hour one.
          await start.fill(`${value.slice(0, 10)} 2:30 pm`);
          await dialog.getByLabel("Description").click();
          check((await start.inputValue()) === `${value.slice(0, 10)} 14:30`, `the start reads back ${await start.inputValue()}`);
          await e2e.shot(page, "81-add-time-24h");
          await dialog.getByRole("button", { name: "Close" }).click();

          const endpoint = await e2e.appRequest<{ id: string }>("POST", "/api/app/webhooks", { cookie, body: { url: "https://hooks.example.invalid/orbit", eventTypes: ["invoice.created"] } });
          check(endpoint.status === 201, `creating an endpoint answered ${endpoint.status}`);
          await page.goto(e2e.url(`/webhooks/${endpoint.data.id}`));
          await page.locator('main[data-preferences="applied"]').waitFor();
          await page.getByRole("img", { name: /Attempts per hour/ }).waitFor();
          const hours = await axisTicks(page);
          check(hours.length > 0 && hours.every((tick) => /^\d{2}:\d{2}$/.test(tick) || /^\d+$/.test(tick)), `the console's chart reads ${hours.join(" ")} in a 24-hour clock`);
          const recover = await e2e.openDialog(page, "Recover failed deliveries");
          const since = await recover.getByRole("textbox", { name: "Failed since" }).inputValue();
          check(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(since), `Failed since reads ${since}`);
          await e2e.shot(page, "82-console-24h");
          await recover.getByRole("button", { name: "Close" }).click();

          // Back to 12 hours: the console's chart says AM and PM.
          const twelve = await e2e.appRequest("PATCH", "/api/app/me/preferences", { cookie, body: { timeFormat: "h12" } });
          check(twelve.status === 200, `preferences answered ${twelve.status}`);
          await page.reload();
          await page.locator('main[data-preferences="applied"]').waitFor();
          await page.getByRole("img", { name: /Attempts per hour/ }).waitFor();
          const twelveHours = await axisTicks(page);
          check(twelveHours.some((tick) => TWELVE_HOUR.test(tick)), `the console's chart reads ${twelveHours.join(" ")} in a 12-hour clock`);
        },
      ],
    ]);
  },
};

export default flow;
