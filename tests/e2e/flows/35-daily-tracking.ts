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
/** What a date-time field shows for a local instant in the 24-hour clock (and reads when typed). */
const localInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

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

/**
 * Scrolls the calendar so `hour` is at its top and `day`'s column is in view (on a phone, the day view
 * shows that day first); answers the column's box.
 */
async function calendarColumn(e2e: E2E, page: Page, day: number, hour: number) {
  if (e2e.isPhone) {
    await page.getByRole("group", { name: "Day" }).getByRole("button").nth(day).click();
    await page.waitForFunction((index) => document.querySelector("[data-day-column]")?.getAttribute("data-day-column") === String(index), day);
  }
  const column = e2e.isPhone ? page.getByTestId("calendar-day").first() : page.getByTestId("calendar-day").nth(day);
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
          // The focus is on the field to fix.
          await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "endedAt");
          // The Duration says what Start and End say, never a value from before.
          await dialog.getByLabel("End").fill(localInput(today(3)));
          check((await dialog.getByLabel("Duration").inputValue()) === "2:00", `after a new End the Duration reads ${await dialog.getByLabel("Duration").inputValue()}`);
          await dialog.getByLabel("Description").fill("Design review v2");
          await dialog.getByLabel("Duration").fill("1h 30m");
          check((await dialog.getByLabel("End").inputValue()) === localInput(today(2, 30)), `a typed Duration moves the End: ${await dialog.getByLabel("End").inputValue()}`);
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
          // c continues the last entry that has begun: not one planned for two hours from now.
          const planned = await e2e.appRequest<{ committed: Array<{ id: string }> }>("POST", "/api/app/time-logs/sync", {
            cookie,
            body: { entries: [{ description: "Planned later", clientSessionId: randomUUID(), source: "manual", startedAt: new Date(Date.now() + 2 * 3_600_000).toISOString(), durationSeconds: 600 }] },
          });
          check(planned.status === 200 && planned.data.committed.length === 1, `sync answered ${planned.status}`);
          await page.keyboard.press("c");
          await page.getByTestId("entry-status").or(page.getByTestId("shortcut-status")).filter({ hasText: /^Timer started/ }).first().waitFor();
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          // The tab's title names the running entry.
          await page.waitForFunction(() => /^\d+:\d{2}:\d{2}/.test(document.title));
          check(!(await page.title()).includes("Planned later"), `c continued the entry planned for later: ${await page.title()}`);
          await page.keyboard.press("s");
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          await trpc(e2e, cookie, "timeLogs.delete", { id: planned.data.committed[0]!.id });
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
          // The week's grid scrolls inside its card; the page itself is never wider than the window.
          const widths = await page.evaluate(() => {
            const card = document.querySelector('section[aria-label="Timesheet"] table')!.parentElement!;
            return { page: document.documentElement.scrollWidth, body: document.body.scrollWidth, card: card.clientWidth, grid: card.scrollWidth, overflow: getComputedStyle(card).overflowX };
          });
          check(widths.page === e2e.viewport.width && widths.body === e2e.viewport.width, `the page is ${widths.page}px (body ${widths.body}px) wide at a ${e2e.viewport.width}px window`);
          check(widths.card <= e2e.viewport.width && widths.overflow === "auto", `the timesheet's card is ${widths.card}px wide and its overflow ${widths.overflow}`);
          if (e2e.isPhone) check(widths.grid > widths.card, `at ${e2e.viewport.width}px the week fits its card (${widths.grid}px in ${widths.card}px): nothing to scroll`);
          await cell.focus();
          await page.keyboard.press("End");
          for (let day = 0; day < 6; day += 1) await page.keyboard.press("ArrowRight");
          check((await page.evaluate(() => document.documentElement.scrollWidth)) === e2e.viewport.width, "moving to the week's last cell widened the page");
          await e2e.shot(page, "43-timesheet");
        },
      ],
      [
        "Calendar: dragging on empty time creates a log; dragging its edge lengthens it",
        async () => {
          await page.getByRole("tab", { name: "Calendar" }).click();
          await page.waitForURL(/view=calendar/);
          const box = await calendarColumn(e2e, page, todayIndex, 3);
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
        "Calendar: a block moves to another day by keyboard and (on a wide screen) by drag, as the API then shows; blocks take their customer's colour",
        async () => {
          // The log as the public API shows it (a key of this organization, on Pro).
          check((await e2e.appRequest("PUT", "/api/app/organization/plan", { cookie, body: { plan: "pro" } })).status === 200, "the plan switch failed");
          const created = await e2e.appRequest<{ key: string }>("POST", "/api/app/api-keys", { cookie, body: { name: "Calendar check", scopes: ["time-logs:read"] } });
          check(created.status === 201, `creating a key answered ${created.status}`);
          type ApiLog = { id: string; description: string | null; startedAt: string; endedAt: string | null };
          const apiLogs = async () => {
            const response = await fetch(e2e.url("/api/v1/time-logs?limit=100"), { headers: { authorization: `Bearer ${created.data.key}` } });
            check(response.status === 200, `GET /api/v1/time-logs answered ${response.status}`);
            return ((await response.json()) as { data: ApiLog[] }).data;
          };
          const original = (await apiLogs()).find((log) => log.description === "Calendar block")!;
          check(original, "the calendar's log is not in the API");
          const block = page.getByRole("button", { name: /^Edit entry: Calendar block/ });
          const startOf = async () => (await apiLogs()).find((log) => log.id === original.id)!;
          /** The log once it no longer starts at `startedAt` (the save answered before the list is read). */
          const movedFrom = async (startedAt: string) => {
            for (let round = 0; round < 300; round += 1) {
              const log = await startOf();
              if (log.startedAt !== startedAt) return log;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
            return startOf();
          };
          // By keyboard: a day later, then 15 minutes later, saved with Enter (the day it is moved to
          // stays in this week: back a day on Sunday).
          const dayStep = todayIndex === 6 ? "ArrowLeft" : "ArrowRight";
          await block.focus();
          await page.keyboard.press(dayStep);
          await page.keyboard.press("ArrowDown");
          await page.getByTestId("calendar-move-preview").waitFor();
          await page.getByRole("status").filter({ hasText: /^Moving Calendar block to / }).waitFor();
          await page.keyboard.press("Enter");
          await page.getByRole("status").filter({ hasText: /^Entry moved to / }).waitFor();
          const shift = (todayIndex === 6 ? -1 : 1) * 86_400_000 + 15 * 60_000;
          let moved = await movedFrom(original.startedAt);
          check(Date.parse(moved.startedAt) - Date.parse(original.startedAt) === shift && Date.parse(moved.endedAt!) - Date.parse(original.endedAt!) === shift, `moved by keyboard to ${moved.startedAt} – ${moved.endedAt} from ${original.startedAt}`);
          // The focus stays on the block, now in its new day.
          await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label")?.startsWith("Edit entry: Calendar block") ?? false);
          await page.keyboard.press(dayStep);
          await page.keyboard.press("Escape");
          await page.getByRole("status").filter({ hasText: "Move cancelled." }).waitFor();
          check((await startOf()).startedAt === moved.startedAt, "Escape did not drop the move");
          if (!e2e.isPhone) {
            // By drag: back to today's column, at the same time of day.
            const from = (await block.boundingBox())!;
            const target = (await page.getByTestId("calendar-day").nth(todayIndex).boundingBox())!;
            const fromPoint = { x: from.x + from.width / 2, y: from.y + 8 };
            await drag(page, fromPoint, { x: target.x + target.width / 2, y: fromPoint.y - (15 * HOUR_PX) / 60 });
            moved = await movedFrom(moved.startedAt);
            check(moved.startedAt === original.startedAt && moved.endedAt === original.endedAt, `dragged back across days to ${moved.startedAt} – ${moved.endedAt}, expected ${original.startedAt}`);
          }
          // Colours: a customer's own colour on its blocks.
          const customer = await trpc<{ id: string }>(e2e, cookie, "customers.createWithBilling", { name: "Teal Co", color: "#0e9384" });
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", {
            cookie,
            body: { entries: [{ clientSessionId: randomUUID(), source: "manual", description: "Teal work", customerId: customer.id, startedAt: today(6).toISOString(), durationSeconds: 3600 }] },
          });
          check(synced.status === 200, `sync answered ${synced.status}`);
          await page.reload();
          if (e2e.isPhone) await page.getByRole("group", { name: "Day" }).getByRole("button").nth(todayIndex).click();
          const teal = page.getByRole("button", { name: /^Edit entry: Teal work/ });
          await teal.waitFor();
          const stripe = await teal.evaluate((element) => getComputedStyle(element).borderLeftColor);
          check(stripe === "rgb(14, 147, 132)", `the block's stripe is ${stripe}, not the customer's colour`);
          // The calendar scrolled to the coloured block, for the screenshot.
          await teal.evaluate((element) => {
            const scroller = element.closest<HTMLElement>("[data-testid=calendar-scroller]")!;
            scroller.scrollTop += element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 120;
          });
          await e2e.shot(page, "44-calendar-moved", true);
        },
      ],
      [
        "Calendar on a phone: one day at a time, any day of the week picked from the Day buttons",
        async () => {
          if (!e2e.isPhone) {
            check((await page.getByTestId("calendar-day").count()) === 7, "the week view does not show seven days");
            check((await page.getByRole("group", { name: "Day" }).count()) === 0, "the week view offers the phone's day buttons");
            return;
          }
          check((await page.getByTestId("calendar-day").count()) === 1, "the phone's calendar does not show one day");
          const days = page.getByRole("group", { name: "Day" }).getByRole("button");
          check((await days.count()) === 7, "the phone's calendar does not offer the week's seven days");
          const other = todayIndex === 0 ? 1 : 0;
          await days.nth(other).click();
          check((await days.nth(other).getAttribute("aria-pressed")) === "true", "the picked day is not marked");
          await page.waitForFunction((index) => document.querySelector("[data-day-column]")?.getAttribute("data-day-column") === String(index), other);
          check((await page.evaluate(() => document.documentElement.scrollWidth)) === e2e.viewport.width, "the day view is wider than the window");
          await e2e.shot(page, "45-calendar-day");
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
