// Daily tracking, continued: the timesheet's Add row with a project and Copy last week's rows; the idle
// question's Keep and Stop-then-start answers (the page's clock driven by Playwright); the timer
// started and stopped offline keeping the clicks' own times, replayed once when the network returns,
// kept through a 429 and a dropped request; the offline queue cleared at logout and never shown to
// the next person; and a person whose preferred zone and week start differ from the browser's.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { check, PASSWORD, poll, type E2E, type E2EFlow } from "../harness";

interface Log {
  id: string;
  description: string | null;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number;
  source: string;
  customerId: string | null;
  constellationId: string | null;
}

async function mutate<T>(e2e: E2E, cookie: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(e2e.url(`/api/trpc/${procedure}`), { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
  const json = (await response.json()) as { result?: { data: T } };
  check(response.ok && json.result, `${procedure} answered ${response.status}`);
  return json.result.data;
}

async function query<T>(e2e: E2E, cookie: string, procedure: string, input: unknown): Promise<T> {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(e2e.url(`/api/trpc/${procedure}${search}`), { headers: { cookie } });
  const json = (await response.json()) as { result?: { data: T } };
  check(response.ok && json.result, `${procedure} answered ${response.status}`);
  return json.result.data;
}

const latestLogs = async (e2e: E2E, cookie: string) => (await query<{ items: Log[] }>(e2e, cookie, "timeLogs.listWithNames", { limit: 10 })).items;
const currentTimer = (e2e: E2E, cookie: string) => query<{ startedAt: string } | null>(e2e, cookie, "timers.current", undefined);

/**
 * Waits until React has hydrated the Timer page's Start form and the person's preferences are applied
 * (which mounts the page afresh): typing before either is lost.
 */
async function startFormReady(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('main[data-preferences="applied"] form[aria-label="Start a timer"]');
    return form !== null && Object.keys(form).some((key) => key.startsWith("__react"));
  });
}

/** `Tue 24`, as the timesheet names a day, for a `YYYY-MM-DD`. */
function dayName(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return `${new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en", { weekday: "short", timeZone: "UTC" })} ${date}`;
}

/** `YYYY-MM-DD` of an instant in a zone. */
const dateIn = (instant: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);


const flow: E2EFlow = {
  name: "tracking-offline-zones",
  async run(e2e) {
    const { page, context, cookie, person: firstPerson } = await e2e.signedInPage({ prefix: "Offline" });
    const now = new Date();
    const todayParam = dateIn(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
    const acme = await mutate<{ id: string }>(e2e, cookie, "customers.createWithBilling", { name: "Acme" });
    const relaunch = await mutate<{ id: string }>(e2e, cookie, "constellations.create", { title: "Relaunch", customerId: acme.id });
    await mutate(e2e, cookie, "tasks.create", { title: "Site audit" });
    const review = await mutate<{ id: string }>(e2e, cookie, "tasks.create", { title: "Weekly review" });

    await e2e.flow("tracking-offline-zones", [
      [
        "Timesheet: Add row with a task and a project; a cell saves its log with that project and the project's customer",
        async () => {
          await page.goto(e2e.url("/time-logs?view=timesheet"));
          await page.getByRole("button", { name: "Add row" }).click();
          const dialog = page.getByRole("dialog", { name: "Add row" });
          await e2e.pick(page, dialog, "Task", "Site audit");
          await e2e.pick(page, dialog, "Project", "Relaunch");
          await e2e.shot(page, "48-timesheet-add-row");
          await dialog.getByRole("button", { name: "Add row" }).click();
          await dialog.waitFor({ state: "detached" });
          const cell = page.getByRole("textbox", { name: `Site audit, ${dayName(todayParam)}` });
          await cell.fill("1:15");
          await Promise.all([page.waitForResponse((response) => response.url().includes("timesheet.setCell") && response.ok()), cell.press("Enter")]);
          // The saved row is the server's: the project's customer joins its name.
          await page.getByRole("textbox", { name: `Site audit · Acme, ${dayName(todayParam)}` }).waitFor();
          const logs = await latestLogs(e2e, cookie);
          const saved = logs.find((log) => log.durationSeconds === 4500);
          check(saved?.constellationId === relaunch.id && saved.customerId === acme.id, `the timesheet's log: ${JSON.stringify(saved)}`);
        },
      ],
      [
        "Timesheet: Copy last week's rows brings last week's row, empty, ready to fill",
        async () => {
          const weekAgo = new Date(Date.now() - 7 * 86_400_000);
          weekAgo.setHours(10, 0, 0, 0);
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", {
            cookie,
            body: { entries: [{ clientSessionId: randomUUID(), taskId: review.id, customerId: null, constellationId: null, startedAt: weekAgo.toISOString(), durationSeconds: 1800, source: "manual" }] },
          });
          check(synced.status === 200, `sync answered ${synced.status}`);
          const cell = page.getByRole("textbox", { name: `Weekly review, ${dayName(todayParam)}` });
          check((await cell.count()) === 0, "last week's row shows before copying");
          await page.getByRole("button", { name: "Copy last week's rows" }).click();
          await cell.waitFor();
          check((await cell.inputValue()) === "", `the copied row holds ${await cell.inputValue()}`);
          await cell.fill("0:45");
          await Promise.all([page.waitForResponse((response) => response.url().includes("timesheet.setCell") && response.ok()), cell.press("Enter")]);
          await page.reload();
          await page.waitForFunction((name) => (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement | null)?.value === "0:45", `Weekly review, ${dayName(todayParam)}`);
          await e2e.shot(page, "49-timesheet-copied");
        },
      ],
      [
        "the idle question: Keep the time leaves the timer running; Stop then and start a new entry ends it when the idleness began",
        async () => {
          const { page: away, context: awayContext } = await e2e.newPage();
          await awayContext.addCookies([{ name: cookie.slice(0, cookie.indexOf("=")), value: cookie.slice(cookie.indexOf("=") + 1), url: e2e.baseUrl }]);
          // The page's clock runs half an hour behind the server's, so that after 23 minutes skipped
          // every instant it sends is still in the past.
          await away.clock.install({ time: Date.now() - 30 * 60_000 });
          await away.goto(e2e.url("/timer"));
          await startFormReady(away);
          await away.getByRole("button", { name: "Start", exact: true }).click();
          await away.getByRole("main").getByRole("region", { name: "Running timer" }).waitFor();
          const startedAt = Date.parse((await currentTimer(e2e, cookie))!.startedAt);

          await away.clock.fastForward("11:00");
          const question = away.getByRole("dialog", { name: "You were away" });
          await question.getByRole("button", { name: "Keep the time" }).click();
          await question.waitFor({ state: "detached" });
          check((await currentTimer(e2e, cookie))?.startedAt === new Date(startedAt).toISOString(), "Keep the time changed the timer");

          // Away again: the idleness begins at the last tick the page saw.
          const idleBegan = await away.evaluate(() => Date.now());
          await away.clock.fastForward("12:00");
          await question.getByRole("button", { name: "Stop then and start a new entry" }).click();
          await question.waitFor({ state: "detached" });
          const isIdleEntry = (log: Log) => Date.parse(log.startedAt) === startedAt;
          const stopped = await poll(() => latestLogs(e2e, cookie), (logs) => logs.some(isIdleEntry), "the idle entry");
          const log = stopped.find(isIdleEntry)!;
          const endedAt = Date.parse(log.endedAt!);
          check(endedAt >= startedAt && endedAt <= idleBegan + 16_000, `the entry ended at ${log.endedAt}, the idleness began at ${new Date(idleBegan).toISOString()}`);
          const next = await poll(() => currentTimer(e2e, cookie), (timer) => timer !== null, "the new timer");
          check(Date.parse(next!.startedAt) >= idleBegan + 12 * 60_000 - 16_000, `the new entry started at ${next!.startedAt}`);
          await away.getByRole("main").getByRole("region", { name: "Running timer" }).getByRole("button", { name: "Stop" }).click();
          await away.getByRole("form", { name: "Start a timer" }).waitFor();
          await awayContext.close();
        },
      ],
      [
        "offline Start and Stop keep the clicks' times: sent once when the network returns",
        async () => {
          await page.goto(e2e.url("/timer"));
          await startFormReady(page);
          await context.setOffline(true);
          await page.getByLabel("What are you working on?").fill("Offline start");
          const clickedStart = Date.now();
          await page.getByRole("button", { name: "Start", exact: true }).click();
          await page.getByRole("main").getByRole("region", { name: "Running timer" }).waitFor();
          await page.getByTestId("pending-sync").waitFor();
          await e2e.shot(page, "50-offline-start");
          await new Promise((resolve) => setTimeout(resolve, 3000));
          const online = Date.now();
          await context.setOffline(false);
          const timer = await poll(() => currentTimer(e2e, cookie), (value) => value !== null, "the offline start");
          const started = Date.parse(timer!.startedAt);
          check(started >= clickedStart - 1000 && started < online - 2000, `started at ${timer!.startedAt}; clicked at ${new Date(clickedStart).toISOString()}, online at ${new Date(online).toISOString()}`);
          await page.getByTestId("pending-sync").waitFor({ state: "detached" });

          await context.setOffline(true);
          const clickedStop = Date.now();
          await page.getByRole("main").getByRole("region", { name: "Running timer" }).getByRole("button", { name: "Stop" }).click();
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          await new Promise((resolve) => setTimeout(resolve, 3000));
          const backOnline = Date.now();
          await context.setOffline(false);
          const logs = await poll(() => latestLogs(e2e, cookie), (items) => items.some((log) => log.description === "Offline start"), "the offline stop");
          const log = logs.find((entry) => entry.description === "Offline start")!;
          const ended = Date.parse(log.endedAt!);
          check(ended >= clickedStop - 1000 && ended < backOnline - 2000, `ended at ${log.endedAt}; clicked at ${new Date(clickedStop).toISOString()}`);
          check(logs.filter((entry) => entry.description === "Offline start").length === 1, "the offline timer was logged twice");
        },
      ],
      [
        "Start and Stop both offline make one timer log; a 429 and a dropped request keep the entry, sent once later",
        async () => {
          await context.setOffline(true);
          await page.getByLabel("What are you working on?").fill("Train ride");
          const clickedStart = Date.now();
          await page.getByRole("button", { name: "Start", exact: true }).click();
          await page.getByRole("main").getByRole("region", { name: "Running timer" }).waitFor();
          await new Promise((resolve) => setTimeout(resolve, 2000));
          const clickedStop = Date.now();
          await page.getByRole("main").getByRole("region", { name: "Running timer" }).getByRole("button", { name: "Stop" }).click();
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          // Back online, the server first answers 429, then the request is lost on the way: the entry stays.
          let attempts = 0;
          await page.route("**/api/trpc/timeLogs.sync**", async (route) => {
            attempts += 1;
            if (attempts === 1) await route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify([{ error: { message: "Too many requests", code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, appCode: "rate_limit_exceeded" } } }]) });
            else await route.abort("failed");
          });
          await context.setOffline(false);
          await poll(async () => attempts, (count) => count >= 1, "the first sync attempt");
          await page.getByRole("button", { name: "Sync now" }).click();
          await poll(async () => attempts, (count) => count >= 2, "the second sync attempt");
          await page.getByTestId("pending-sync").filter({ hasText: "1 entry waiting to sync" }).waitFor();
          check(!(await latestLogs(e2e, cookie)).some((log) => log.description === "Train ride"), "a refused sync still made a log");
          await page.unroute("**/api/trpc/timeLogs.sync**");
          await page.getByRole("button", { name: "Sync now" }).click();
          await page.getByTestId("pending-sync").waitFor({ state: "detached" });
          const logs = (await latestLogs(e2e, cookie)).filter((log) => log.description === "Train ride");
          check(logs.length === 1 && logs[0]!.source === "timer", `the offline timer's logs: ${JSON.stringify(logs)}`);
          check(Math.abs(Date.parse(logs[0]!.startedAt) - clickedStart) < 1500 && Math.abs(Date.parse(logs[0]!.endedAt!) - clickedStop) < 1500, `the offline timer ran ${logs[0]!.startedAt} – ${logs[0]!.endedAt}`);
        },
      ],
      [
        "logging out clears what waits to sync; the next person signing in on this browser never sees it",
        async () => {
          await page.route("**/api/trpc/timers.start**", (route) => route.abort("failed"));
          await page.getByLabel("What are you working on?").fill("Never sent");
          await page.getByRole("button", { name: "Start", exact: true }).click();
          await page.getByTestId("pending-sync").waitFor();
          const stored = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("orbit.offline-queue")));
          check((await stored()).length === 1, `queued under ${JSON.stringify(await stored())}`);
          await page.unroute("**/api/trpc/timers.start**");
          // Before the retry sends it, the person logs out.
          if (e2e.isPhone) await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("button", { name: "Log out" }).click();
          await page.waitForURL(/\/login/);
          check((await stored()).length === 0, `still stored after logout: ${JSON.stringify(await stored())}`);

          // The next person signs in on this browser (same storage).
          const other = e2e.newPerson("Next");
          const signup = await e2e.appRequest("POST", "/api/app/auth/signup", { body: { ...other, password: PASSWORD } });
          check(signup.status === 201 && signup.cookie, `sign-up answered ${signup.status}`);
          await context.addCookies([{ name: signup.cookie!.slice(0, signup.cookie!.indexOf("=")), value: signup.cookie!.slice(signup.cookie!.indexOf("=") + 1), url: e2e.baseUrl }]);
          await page.goto(e2e.url("/timer"));
          await page.getByRole("form", { name: "Start a timer" }).waitFor();
          check((await page.getByTestId("pending-sync").count()) === 0, "the next person sees the last one's waiting entries");
          check((await stored()).length === 0, `stored for the next person: ${JSON.stringify(await stored())}`);
          // And the first person's queued start was never sent.
          const again = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: firstPerson.email, password: PASSWORD } });
          check(again.status === 200 && again.cookie, `login answered ${again.status}`);
          check((await currentTimer(e2e, again.cookie!)) === null, "the first person's queued start was sent after logout");
        },
      ],
      [
        "a browser in UTC, a person in Pacific/Auckland with Sunday weeks: the week and a new entry's day are theirs",
        async () => {
          const zone = "Pacific/Auckland";
          const person = await e2e.signedInPage({ prefix: "Auckland" });
          const saved = await e2e.appRequest("PATCH", "/api/app/me/preferences", { cookie: person.cookie, body: { timeZone: zone, weekStart: "sunday", timeFormat: "h24" } });
          check(saved.status === 200, `preferences answered ${saved.status}`);
          const { page: utc, context: utcContext } = await e2e.newPage({ timezoneId: "UTC" });
          await utcContext.addCookies([{ name: person.cookie.slice(0, person.cookie.indexOf("=")), value: person.cookie.slice(person.cookie.indexOf("=") + 1), url: e2e.baseUrl }]);

          // Today in Auckland, and the Sunday its week starts on.
          const today = dateIn(new Date(), zone);
          const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
          const sunday = new Date(Date.parse(`${today}T00:00:00Z`) - weekday * 86_400_000).toISOString().slice(0, 10);

          // An entry from 00:30 to 01:30 Auckland time today: the browser's UTC would put it on another day.
          await utc.goto(e2e.url("/timer"));
          await startFormReady(utc);
          await utc.getByRole("button", { name: "Add time" }).click();
          const dialog = utc.getByRole("dialog", { name: "Add time" });
          await dialog.getByLabel("Description").fill("Early start");
          await dialog.getByRole("textbox", { name: "Start", exact: true }).fill(`${today}T00:30`);
          await dialog.getByRole("textbox", { name: "End", exact: true }).fill(`${today}T01:30`);
          await dialog.getByRole("button", { name: "Save time" }).click();
          await dialog.waitFor({ state: "detached" });
          const logs = await poll(() => latestLogs(e2e, person.cookie), (items) => items.some((log) => log.description === "Early start"), "the entry");
          const log = logs.find((entry) => entry.description === "Early start")!;
          check(dateIn(new Date(log.startedAt), zone) === today && new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(new Date(log.startedAt)) === "00:30", `the entry starts at ${log.startedAt}`);

          await utc.goto(e2e.url("/time-logs?view=timesheet"));
          const cell = utc.getByRole("textbox", { name: `No task, ${dayName(today)}` });
          await cell.waitFor();
          const headers = await utc.getByRole("columnheader").allTextContents();
          check(headers[1]?.trim() === dayName(sunday), `the week starts on ${headers[1]}, not ${dayName(sunday)}`);
          check((await cell.inputValue()) === "1:00", `today's cell holds ${await cell.inputValue()}`);
          await utc.getByRole("tab", { name: "List" }).click();
          await utc.getByRole("row", { name: /^Early start,/ }).getByText("00:30").first().waitFor();
          await e2e.shot(utc, "51-auckland-week");
          await utcContext.close();
        },
      ],
    ]);
  },
};

export default flow;
