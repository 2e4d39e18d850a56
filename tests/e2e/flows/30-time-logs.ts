// Time logs: the week Monday to Sunday with totals per day and week, previous and next week, the
// billable filter, and Export CSV of the filtered week compared with the rows the API holds.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { check, textOf, type E2EFlow } from "../harness";

/** Local Monday 00:00 of this week, the same zone the browser uses (one machine). */
function thisMonday(): Date {
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const at = (monday: Date, dayOffset: number, hour: number) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + dayOffset, hour);

const flow: E2EFlow = {
  name: "time-logs",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Weeks" });
    const monday = thisMonday();
    const entries = [
      { description: "Monday planning", startedAt: at(monday, 0, 9), durationSeconds: 3600, isBillable: true },
      { description: "Tuesday, \"internal\" sync", startedAt: at(monday, 1, 10), durationSeconds: 1800, isBillable: false },
      { description: "Sunday wrap-up", startedAt: at(monday, 6, 20), durationSeconds: 900, isBillable: true },
      { description: "Last week's review", startedAt: at(monday, -5, 14), durationSeconds: 7200, isBillable: true },
    ];
    await e2e.flow("time-logs", [
      [
        "logs made through the sync route appear in their week, with day and week totals",
        async () => {
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", {
            cookie,
            body: { entries: entries.map((entry) => ({ ...entry, clientSessionId: randomUUID(), source: "manual", startedAt: entry.startedAt.toISOString() })) },
          });
          check(synced.status === 200, `sync answered ${synced.status}`);
          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Time logs");
          await page.waitForFunction(() => document.querySelector('[data-testid="week-total"]')?.textContent === "1:45");
          const days = await page.getByTestId("day-total").allTextContents();
          check(JSON.stringify(days) === JSON.stringify(["1:00", "0:30", "0:00", "0:00", "0:00", "0:00", "0:15"]), `day totals: ${days.join(", ")}`);
          check((await page.getByTestId("time-log-row").count()) === 3, "this week should list 3 logs");
          await e2e.shot(page, "20-time-logs-week");
        },
      ],
      [
        "previous and next week move by seven days",
        async () => {
          await page.getByRole("button", { name: "Previous week" }).click();
          await page.waitForFunction(() => document.querySelector('[data-testid="week-total"]')?.textContent === "2:00");
          await page.getByTestId("time-log-row").filter({ hasText: "Last week's review" }).waitFor();
          await page.getByRole("button", { name: "Next week" }).click();
          await page.waitForFunction(() => document.querySelector('[data-testid="week-total"]')?.textContent === "1:45");
        },
      ],
      [
        "the billable filter narrows the list and the totals",
        async () => {
          await page.getByLabel("Billable", { exact: true }).selectOption("true");
          await page.waitForFunction(() => document.querySelector('[data-testid="week-total"]')?.textContent === "1:15");
          await page.waitForFunction(() => document.querySelectorAll('[data-testid="time-log-row"]').length === 2);
          check(!(await page.getByTestId("time-log-row").filter({ hasText: "internal" }).count()), "a non-billable log is still listed");
        },
      ],
      [
        "Export CSV downloads the filtered week: header, one row per log, seconds and hours",
        async () => {
          const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
          const file = await download.path();
          const text = readFileSync(file, "utf8");
          check(text.startsWith("\uFEFF"), "no UTF-8 byte-order mark");
          const lines = text.slice(1).trimEnd().split("\r\n");
          check(lines[0] === "id,member,customer,project,task,description,startedAt,endedAt,durationSeconds,hours,tags,isBillable,source", `header: ${lines[0]}`);
          check(lines.length === 3, `expected 2 rows, got ${lines.length - 1}`);
          check(lines[1]!.includes(",3600,1,") && lines[1]!.includes("Monday planning"), `first row: ${lines[1]}`);
          check(lines[2]!.includes(",900,0.25,") && lines[2]!.includes("Sunday wrap-up"), `second row: ${lines[2]}`);
          check(lines.every((line) => !line.includes("internal")), "the CSV ignores the filter");
          check((await textOf(page, "week-total")) === "1:15", "the totals changed");
        },
      ],
    ]);
  },
};

export default flow;
