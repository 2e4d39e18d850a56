// Daily tracking in the browser: Edit entry, Delete entry and Continue on the Timer page's rows (a
// billed log says so and cannot change), the running timer's Discard, keyboard shortcuts and their
// list, Time logs' List, Timesheet and Calendar tabs (typing a duration moves the totals; dragging on
// empty time creates a log, dragging a block's edge lengthens it), and the dark theme chosen in
// Settings → Preferences, applied from the server's first render, with body text contrast ≥ 4.5:1;
// a member sees no admins-only navigation and no billing rates.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { check, PASSWORD, type E2E, type E2EFlow } from "../harness";

const HOUR_PX = 44;

/** Today at `hour` local time (the browser and the server share this machine's zone). */
function today(hour: number, minute = 0): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour, minute);
}

const pad = (n: number) => String(n).padStart(2, "0");
/** What a datetime-local field holds for a local instant. */
const localInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** `Tue 24`, as the timesheet names a day. */
const dayName = (date: Date) => `${date.toLocaleDateString("en", { weekday: "short" })} ${date.getDate()}`;

async function trpc<T>(e2e: E2E, cookie: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(e2e.url(`/api/trpc/${procedure}`), { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
  const json = (await response.json()) as { result?: { data: T } };
  check(response.ok && json.result, `${procedure} answered ${response.status}`);
  return json.result.data;
}

/**
 * WCAG contrast of the main text on the page's background. A string, not a function: the test runner's
 * compiler would name nested functions with a helper the page does not have.
 */
const CONTRAST_SCRIPT = `(() => {
  const rgb = (value) => (value.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const luminance = (channels) => {
    const [r, g, b] = channels.map((channel) => { const c = channel / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const main = document.querySelector("main");
  const text = luminance(rgb(getComputedStyle(main).color));
  let element = main;
  let background = "rgba(0, 0, 0, 0)";
  while (element && /rgba\\(0, 0, 0, 0\\)|transparent/.test(background)) {
    background = getComputedStyle(element).backgroundColor;
    element = element.parentElement;
  }
  const back = luminance(rgb(background));
  return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
})()`;

const bodyContrast = (page: Page) => page.evaluate<number>(CONTRAST_SCRIPT);

/** Scrolls the calendar so `hour` is at its top and `day`'s column is in view; answers the column's box. */
async function calendarColumn(page: Page, day: number, hour: number) {
  const column = page.getByTestId("calendar-day").nth(day);
  await page.getByTestId("calendar-scroller").scrollIntoViewIfNeeded();
  await column.evaluate((element, top) => {
    const scroller = element.closest<HTMLElement>("[data-testid=calendar-scroller]")!;
    scroller.scrollLeft = Math.max(0, (element as HTMLElement).offsetLeft - 60);
    scroller.scrollTop = top;
  }, hour * HOUR_PX - 10);
  const box = await column.boundingBox();
  check(box, "the calendar column has no box");
  return box;
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

const flow: E2EFlow = {
  name: "daily-tracking",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Daily" });
    const todayIndex = (new Date().getDay() + 6) % 7;
    const row = (name: string) => page.getByRole("row", { name: new RegExp(`^${name},`) });
    await e2e.flow("daily-tracking", [
      [
        "the day's logs carry Edit entry, Delete entry and Continue; a billed one says so and cannot change",
        async () => {
          const task = await trpc<{ id: string }>(e2e, cookie, "tasks.create", { title: "Design review" });
          const customer = await trpc<{ id: string }>(e2e, cookie, "customers.createWithBilling", { name: "Billed Co", hourlyRateCents: 10000 });
          const entries = [
            { description: "Design review", taskId: task.id, startedAt: today(1), durationSeconds: 3600 },
            { description: "Standup", startedAt: today(2), durationSeconds: 900 },
            { description: "Invoiced work", customerId: customer.id, startedAt: today(0, 15), durationSeconds: 1800 },
          ];
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", {
            cookie,
            body: { entries: entries.map((entry) => ({ ...entry, clientSessionId: randomUUID(), source: "manual", startedAt: entry.startedAt.toISOString() })) },
          });
          check(synced.status === 200, `sync answered ${synced.status}`);
          const invoice = await e2e.appRequest<{ number: string }>("POST", "/api/app/invoices", { cookie, body: { customerId: customer.id, periodStart: today(0).toISOString(), periodEnd: today(3).toISOString() } });
          check(invoice.status === 201 || invoice.status === 200, `invoice answered ${invoice.status}`);

          await page.goto(e2e.url("/timer"));
          await row("Design review").getByRole("button", { name: "Edit entry" }).waitFor();
          const billed = row("Invoiced work");
          await billed.getByText(`Billed on ${invoice.data.number}`).waitFor();
          check(await billed.getByRole("button", { name: "Edit entry" }).isDisabled(), "a billed log's Edit entry is enabled");
          check(await billed.getByRole("button", { name: "Delete entry" }).isDisabled(), "a billed log's Delete entry is enabled");
        },
      ],
      [
        "Edit entry: a human message at the field, then a new description and duration",
        async () => {
          await row("Design review").getByRole("button", { name: "Edit entry" }).click();
          const dialog = page.getByRole("dialog", { name: "Edit entry" });
          await dialog.getByLabel("End").fill(localInput(today(0, 30)));
          await dialog.getByRole("button", { name: "Save entry" }).click();
          await dialog.getByText("End must be after start").waitFor();
          await dialog.getByLabel("End").fill(localInput(today(2)));
          await dialog.getByLabel("Description").fill("Design review v2");
          await dialog.getByLabel("Duration").fill("1h 30m");
          await e2e.shot(page, "40-edit-entry");
          await dialog.getByRole("button", { name: "Save entry" }).click();
          await dialog.waitFor({ state: "detached" });
          await row("Design review v2").getByRole("cell", { name: "1:30" }).waitFor();
        },
      ],
      [
        "Continue starts the timer with the log's fields, keeps the focus and announces it; Discard asks first",
        async () => {
          const button = row("Design review v2").getByRole("button", { name: "Continue" });
          await button.click();
          await page.getByRole("status").filter({ hasText: "Timer started: Design review v2." }).waitFor();
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          check(await button.evaluate((element) => element === document.activeElement), "the focus left Continue");
          await page.waitForFunction(() => /^\d+:\d{2}:\d{2} · Design review v2/.test(document.title));
          await page.getByRole("button", { name: "Discard" }).click();
          const confirm = page.getByRole("alertdialog", { name: "Discard the running timer?" });
          await confirm.getByRole("button", { name: "Discard timer" }).click();
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
        },
      ],
      [
        "Delete entry asks, then the log leaves the list",
        async () => {
          await row("Standup").getByRole("button", { name: "Delete entry" }).click();
          const confirm = page.getByRole("alertdialog", { name: "Delete this entry?" });
          await confirm.getByRole("button", { name: "Delete entry" }).click();
          await row("Standup").waitFor({ state: "detached" });
          await page.getByRole("status").filter({ hasText: "Entry deleted." }).waitFor();
        },
      ],
      [
        "shortcuts: ? lists them (Escape closes), n starts and s stops, never while typing",
        async () => {
          await page.locator("body").click({ position: { x: 2, y: 300 } });
          await page.keyboard.press("?");
          const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
          await help.getByText("Continue the last entry").waitFor();
          await e2e.shot(page, "41-shortcuts");
          await page.keyboard.press("Escape");
          await help.waitFor({ state: "detached" });
          await page.getByLabel("What are you working on?").fill("n");
          await page.waitForTimeout(300);
          check(await page.getByRole("form", { name: "Start a timer" }).isVisible(), "typing n in a field started a timer");
          await page.getByLabel("What are you working on?").fill("");
          await page.locator("body").click({ position: { x: 2, y: 300 } });
          await page.keyboard.press("n");
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          await page.keyboard.press("s");
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          await page.keyboard.press("m");
          await page.getByRole("dialog", { name: "Add time" }).waitFor();
          await page.keyboard.press("Escape");
          await page.getByRole("dialog", { name: "Add time" }).waitFor({ state: "detached" });
          await page.keyboard.press("c");
          await page.getByTestId("entry-status").or(page.getByTestId("shortcut-status")).filter({ hasText: /^Timer started/ }).first().waitFor();
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          await page.keyboard.press("s");
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          // Start and Stop by their buttons: the focus moves to the control that replaced the clicked one.
          await page.getByRole("button", { name: "Start", exact: true }).click();
          const stop = page.getByRole("region", { name: "Running timer" }).getByRole("button", { name: "Stop" });
          await page.waitForFunction(() => document.activeElement?.textContent?.trim() === "Stop");
          await page.getByTestId("timer-status").filter({ hasText: "The timer is running." }).waitFor();
          await stop.click();
          await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === "description");
          await page.getByTestId("timer-status").filter({ hasText: "The timer is stopped." }).waitFor();
        },
      ],
      [
        "coming back after 10 minutes away asks about the idle time; Discard the idle time stops the timer when the idleness began",
        async () => {
          const { page: away, context } = await e2e.newPage();
          await context.addCookies([{ name: cookie.slice(0, cookie.indexOf("=")), value: cookie.slice(cookie.indexOf("=") + 1), url: e2e.baseUrl }]);
          await away.clock.install();
          await away.goto(e2e.url("/timer"));
          // Hydrated, with the person's preferences applied (which mounts the page afresh).
          await away.locator('main[data-preferences="applied"] form[aria-label="Start a timer"]').waitFor();
          await away.getByRole("button", { name: "Start", exact: true }).click();
          await away.getByRole("region", { name: "Running timer" }).waitFor();
          await away.clock.fastForward("11:00");
          const question = away.getByRole("dialog", { name: "You were away" });
          await question.waitFor();
          await e2e.shot(away, "47-idle-question");
          await question.getByRole("button", { name: "Discard the idle time" }).click();
          await question.waitFor({ state: "detached" });
          await away.getByRole("form", { name: "Start a timer" }).waitFor();
          await context.close();
        },
      ],
      [
        "Time logs: List, Timesheet and Calendar tabs; the view is in the address",
        async () => {
          await e2e.navigate(page, "Time logs");
          const tabs = await page.getByRole("tab").allTextContents();
          check(JSON.stringify(tabs) === JSON.stringify(["List", "Timesheet", "Calendar"]), `tabs: ${tabs.join(", ")}`);
          await row("Design review v2").getByRole("button", { name: "Edit entry" }).waitFor();
          await e2e.shot(page, "42-time-logs-list");
          await page.getByRole("tab", { name: "Timesheet" }).click();
          await page.waitForURL(/view=timesheet/);
        },
      ],
      [
        "Timesheet: typing a duration moves the totals; Enter saves, Escape puts it back",
        async () => {
          const cell = page.getByRole("textbox", { name: `Design review, ${dayName(new Date())}` });
          await cell.waitFor();
          check((await cell.inputValue()) === "1:30", `the cell shows ${await cell.inputValue()}`);
          const total = page.getByRole("row", { name: "Total" });
          await cell.fill("2,5");
          await page.waitForFunction(() => document.querySelector('[data-testid="timesheet-week-total"]')?.textContent?.startsWith("3:"));
          await Promise.all([page.waitForResponse((response) => response.url().includes("timesheet.setCell") && response.ok()), cell.press("Enter")]);
          await page.reload();
          await cell.waitFor();
          await page.waitForFunction((name) => (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.value === "2:30", `Design review, ${dayName(new Date())}`);
          await cell.fill("9");
          await cell.press("Escape");
          check((await cell.inputValue()) === "2:30", `Escape left ${await cell.inputValue()}`);
          check((await total.getByRole("rowheader").textContent())?.trim() === "Total", "the last row is not named Total");
          await e2e.shot(page, "43-timesheet");
        },
      ],
      [
        "Calendar: dragging on empty time creates a log; dragging its edge lengthens it",
        async () => {
          await page.getByRole("tab", { name: "Calendar" }).click();
          await page.waitForURL(/view=calendar/);
          const box = await calendarColumn(page, todayIndex, 3);
          const x = box.x + box.width / 2;
          // 04:00 to 05:00 today: the column's top is midnight.
          await drag(page, { x, y: box.y + 4 * HOUR_PX + 2 }, { x, y: box.y + 5 * HOUR_PX + 2 });
          const dialog = page.getByRole("dialog", { name: "New entry" });
          await dialog.getByLabel("Description").fill("Calendar block");
          check((await dialog.getByLabel("Duration").inputValue()) === "1:00", `the new entry lasts ${await dialog.getByLabel("Duration").inputValue()}`);
          await dialog.getByRole("button", { name: "Add entry" }).click();
          await dialog.waitFor({ state: "detached" });
          const block = page.getByRole("button", { name: /^Edit entry: Calendar block, .*, 1:00$/ });
          await block.waitFor();
          await e2e.shot(page, "44-calendar");
          const blockBox = await block.boundingBox();
          check(blockBox, "the block has no box");
          await drag(page, { x: blockBox.x + blockBox.width / 2, y: blockBox.y + blockBox.height - 3 }, { x: blockBox.x + blockBox.width / 2, y: blockBox.y + blockBox.height - 3 + HOUR_PX });
          await page.getByRole("button", { name: /^Edit entry: Calendar block, .*, 2:00$/ }).waitFor();
          await page.getByRole("button", { name: /^Edit entry: Calendar block/ }).focus();
          await page.keyboard.press("Enter");
          await page.getByRole("dialog", { name: "Edit entry" }).waitFor();
          await page.keyboard.press("Escape");
          await page.getByRole("dialog", { name: "Edit entry" }).waitFor({ state: "detached" });
        },
      ],
      [
        "a skip link comes first; an unknown address is the app's not-found page; a member is offered no admins-only page",
        async () => {
          // A missing record gets the same page as an unknown address.
          for (const [pathname, what] of [["/projects/no-such-project", "project"], ["/customers/no-such-customer", "customer"], ["/invoices/no-such-invoice", "invoice"]] as const) {
            await page.goto(e2e.url(pathname));
            await page.getByRole("heading", { level: 1, name: "Not found" }).waitFor();
            await page.getByText(`This ${what} does not exist or was deleted.`).waitFor();
          }
          await page.goto(e2e.url("/no-such-page"));
          await page.getByRole("heading", { level: 1, name: "Not found" }).waitFor();
          await page.locator("nav#app-nav").waitFor({ state: "attached" });
          await page.keyboard.press("Tab");
          check((await page.evaluate(() => document.activeElement?.textContent?.trim())) === "Skip to content", "the first focusable element is not the skip link");
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const email = `member-${randomUUID()}@example.com`;
          const added = await e2e.appRequest("POST", "/api/app/members", { cookie, body: { email, password: PASSWORD, name: "Max Member", role: "member" } });
          check(added.status === 201 || added.status === 200, `adding a member answered ${added.status}`);
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email, password: PASSWORD } });
          const member = await e2e.newPage();
          const value = login.cookie!.slice(login.cookie!.indexOf("=") + 1);
          await member.context.addCookies([{ name: login.cookie!.slice(0, login.cookie!.indexOf("=")), value, url: e2e.baseUrl }]);
          await member.page.goto(e2e.url("/timer"));
          const links = await member.page.locator("nav#app-nav a").allTextContents();
          check(!links.includes("Invoices") && !links.includes("Webhooks") && links.includes("Time logs"), `a member's navigation: ${links.join(", ")}`);
          // No billing rates for members: the customers list has no Billing column.
          await member.page.goto(e2e.url("/customers"));
          await member.page.getByRole("link", { name: "Billed Co" }).waitFor();
          check((await member.page.getByRole("columnheader", { name: "Billing" }).count()) === 0 && (await member.page.getByText("/ h").count()) === 0, "a member sees billing rates on Customers");
        },
      ],
      [
        "Settings → Preferences: the Dark theme, on <html> from the server's first render, with readable text",
        async () => {
          await e2e.navigate(page, "Settings");
          await page.getByRole("combobox", { name: "Theme" }).selectOption({ label: "Dark" });
          await page.getByRole("button", { name: "Save preferences" }).click();
          await page.getByText("Preferences saved.").waitFor();
          await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
          const html = await (await fetch(e2e.url("/settings"), { headers: { cookie } })).text();
          const beforeMain = html.slice(0, html.indexOf('id="main"'));
          check(beforeMain.includes("data-theme") && beforeMain.includes('"dark"'), "the server's page does not set the dark theme before the content");
          await page.reload();
          check((await page.evaluate(() => document.documentElement.dataset.theme)) === "dark", "the theme is not there after a reload");
          const contrast = await bodyContrast(page);
          check(contrast >= 4.5, `body text contrast ${contrast.toFixed(2)}:1 is under 4.5:1`);
          await e2e.shot(page, "45-preferences-dark");
          await e2e.navigate(page, "Time logs");
          await row("Design review v2").waitFor();
          check((await bodyContrast(page)) >= 4.5, "time logs' text is under 4.5:1 in the dark");
          await e2e.shot(page, "46-time-logs-dark");
        },
      ],
    ]);
  },
};

export default flow;
