// Timer: start and stop (the shell's indicator ticks and stops from any page), Add time with the
// server's field errors (the focus on the first) and a Duration that always says what Start and End
// say, entries made offline that sync once, when the browser is back online; a task chosen before
// Start shows its project and customer, the running timer shows them and changes project, customer,
// tags and billable while it runs; a stop made elsewhere (through the in-app API, as another device
// would) reaches the tab's title and the timer bar without a reload.
import { check, textOf, type E2E, type E2EFlow } from "../harness";

async function trpc<T>(e2e: E2E, cookie: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(e2e.url(`/api/trpc/${procedure}`), { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
  const json = (await response.json()) as { result?: { data: T } };
  check(response.ok && json.result, `${procedure} answered ${response.status}`);
  return json.result.data;
}


/** The running timer's elapsed time leads the tab's title while it runs. */
const TITLE_RUNNING = /^\d+:\d{2}:\d{2} · /;

/** A `datetime-local` value early today, so the entry counts in today's list whatever the hour. */
function todayAt(time: string): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${time}`;
}

const flow: E2EFlow = {
  name: "timer",
  async run(e2e) {
    const { page, context, cookie } = await e2e.signedInPage({ prefix: "Timer" });
    const rows = page.getByTestId("time-log-row");
    await e2e.flow("timer", [
      [
        "Start runs a timer that the page shows ticking",
        async () => {
          await page.goto(e2e.url("/timer"));
          await page.getByRole("heading", { level: 1, name: "Timer" }).waitFor();
          await page.getByText("No time logged today.").waitFor();
          await page.getByLabel("What are you working on?").fill("Writing the brief");
          await page.getByRole("button", { name: "Start", exact: true }).click();
          const clock = page.getByTestId("running-timer-elapsed");
          await clock.waitFor();
          const first = await clock.textContent();
          await page.waitForFunction((before) => document.querySelector('[data-testid="running-timer-elapsed"]')?.textContent !== before, first);
          await e2e.shot(page, "10-timer-running");
        },
      ],
      [
        "every page shows the running timer with Stop, which stops it",
        async () => {
          await e2e.navigate(page, "Tasks");
          const indicator = page.getByRole("region", { name: "Running timer" });
          await indicator.waitFor();
          await indicator.getByRole("button", { name: "Stop" }).click();
          await page.getByText("No timer running").waitFor();
        },
      ],
      [
        "the stopped timer is today's first log",
        async () => {
          await e2e.navigate(page, "Timer");
          await rows.filter({ hasText: "Writing the brief" }).waitFor();
          await page.getByRole("button", { name: "Start", exact: true }).waitFor();
        },
      ],
      [
        "Add time shows the server's refusal at the field it names, with the focus on it",
        async () => {
          await page.getByRole("button", { name: "Add time" }).click();
          const dialog = page.getByRole("dialog", { name: "Add time" });
          await dialog.getByLabel("Description").fill("Backwards");
          await dialog.getByLabel("Start", { exact: true }).fill("2026-11-20T10:00");
          await dialog.getByLabel("End", { exact: true }).fill("2026-11-20T09:00");
          await dialog.getByRole("button", { name: "Save time" }).click();
          const end = dialog.getByLabel("End", { exact: true });
          await page.waitForFunction(() => document.querySelector('[role="dialog"] [aria-invalid="true"]') !== null);
          check((await end.getAttribute("aria-invalid")) === "true", "the End field is not marked invalid");
          // The focus moved from the (pending, then enabled) button to the field to fix.
          await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "endedAt");
          await e2e.shot(page, "11-add-time-error");
          await dialog.getByRole("button", { name: "Close" }).click();
        },
      ],
      [
        "Add time's Duration follows Start and End, carries over between the two ways, and starts empty at each opening",
        async () => {
          await page.getByRole("button", { name: "Add time" }).click();
          let dialog = page.getByRole("dialog", { name: "Add time" });
          await dialog.getByLabel("Start", { exact: true }).fill("2026-11-20T09:00");
          await dialog.getByLabel("End", { exact: true }).fill("2026-11-20T11:30");
          await dialog.getByLabel("Duration", { exact: true }).check();
          const duration = dialog.getByRole("textbox", { name: "Duration" });
          check((await duration.inputValue()) === "2:30", `after Start and End the Duration reads ${await duration.inputValue()}`);
          await duration.fill("45m");
          await dialog.getByLabel("Start and end").check();
          const end = dialog.getByLabel("End", { exact: true });
          check((await end.inputValue()) === "2026-11-20 09:45", `after a 45m Duration the End reads ${await end.inputValue()}`);
          await end.fill("2026-11-20T10:00");
          await dialog.getByLabel("Duration", { exact: true }).check();
          check((await duration.inputValue()) === "1:00", `after a new End the Duration still reads ${await duration.inputValue()}`);
          await dialog.getByLabel("Start", { exact: true }).fill("2026-11-20T09:30");
          await dialog.getByLabel("Start and end").check();
          check((await end.inputValue()) === "2026-11-20 10:30", `a new Start keeps the Duration in Duration mode: End reads ${await end.inputValue()}`);
          await dialog.getByRole("button", { name: "Close" }).click();
          await dialog.waitFor({ state: "detached" });
          // Opened again, nothing typed before is there.
          await page.getByRole("button", { name: "Add time" }).click();
          dialog = page.getByRole("dialog", { name: "Add time" });
          check((await dialog.getByLabel("End", { exact: true }).inputValue()) === "", "the End of the last opening is still there");
          await dialog.getByLabel("Duration", { exact: true }).check();
          check((await dialog.getByRole("textbox", { name: "Duration" }).inputValue()) === "", "the Duration of the last opening is still there");
          await dialog.getByRole("button", { name: "Close" }).click();
        },
      ],
      [
        "Add time by duration adds a log and the day's total",
        async () => {
          await page.getByRole("button", { name: "Add time" }).click();
          const dialog = page.getByRole("dialog", { name: "Add time" });
          await dialog.getByLabel("Description").fill("Planning session");
          await dialog.getByLabel("Duration", { exact: true }).check();
          await dialog.getByLabel("Start", { exact: true }).fill(todayAt("00:05"));
          await dialog.getByRole("textbox", { name: "Duration" }).fill("1:30");
          await dialog.getByRole("button", { name: "Save time" }).click();
          await page.getByText("Time added.").waitFor();
          await rows.filter({ hasText: "Planning session" }).waitFor();
          await page.waitForFunction(() => document.querySelector('[data-testid="day-total"]')?.textContent?.startsWith("1:30"));
        },
      ],
      [
        "offline, Add time waits in the browser and syncs once when back online",
        async () => {
          await context.setOffline(true);
          await page.getByRole("button", { name: "Add time" }).click();
          const dialog = page.getByRole("dialog", { name: "Add time" });
          await dialog.getByLabel("Description").fill("Train ride notes");
          await dialog.getByLabel("Duration", { exact: true }).check();
          await dialog.getByLabel("Start", { exact: true }).fill(todayAt("00:10"));
          await dialog.getByRole("textbox", { name: "Duration" }).fill("45m");
          await dialog.getByRole("button", { name: "Save time" }).click();
          await page.getByText("1 entry waiting to sync").waitFor();
          // Kept under the person's own key (orbit.offline-queue.v2.<userId>).
          const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("orbit.offline-queue.v2.")).map((key) => localStorage.getItem(key)).join(""));
          check(stored?.includes("Train ride notes"), "the entry is not in local storage");
          await e2e.shot(page, "12-offline-waiting");
          await context.setOffline(false);
          await page.getByText("1 entry waiting to sync").waitFor({ state: "detached" });
          await rows.filter({ hasText: "Train ride notes" }).waitFor();
          check((await rows.filter({ hasText: "Train ride notes" }).count()) === 1, "the offline entry appears more than once");
          check((await textOf(page, "day-total")).startsWith("2:15"), `day total is ${await textOf(page, "day-total")}`);
          await e2e.shot(page, "13-timer-day");
        },
      ],
      [
        "Start with a task picked from the searchable list, by keyboard alone",
        async () => {
          // The same procedure the Tasks page calls, over the web app's tRPC endpoint.
          const created = await fetch(e2e.url("/api/trpc/tasks.create"), { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ title: "Quarterly report" }) });
          check(created.status === 200, `task create answered ${created.status}`);
          const picker = page.getByRole("combobox", { name: "Task" });
          await picker.focus();
          await page.keyboard.press("Enter");
          await page.getByRole("combobox", { name: "Search task" }).waitFor();
          // The popover moves focus into its search box as it opens.
          await page.waitForFunction(() => document.activeElement?.hasAttribute("cmdk-input"));
          await page.keyboard.type("quarterly");
          await page.getByRole("option", { name: "No task" }).waitFor({ state: "detached" });
          await page.getByRole("option", { name: /Quarterly report/ }).waitFor();
          await page.keyboard.press("Enter");
          await picker.filter({ hasText: "Quarterly report" }).waitFor();
          await page.getByRole("button", { name: "Start", exact: true }).click();
          await page.getByRole("region", { name: "Running timer" }).getByRole("button", { name: "Stop" }).click();
          await rows.filter({ hasText: "Quarterly report" }).waitFor();
        },
      ],
      [
        "choosing a task shows its project and customer before Start; the running timer shows them and changes them while it runs",
        async () => {
          const acme = await trpc<{ id: string }>(e2e, cookie, "customers.createWithBilling", { name: "Acme Studio", color: "#0e9384" });
          const globex = await trpc<{ id: string }>(e2e, cookie, "customers.createWithBilling", { name: "Globex Works" });
          const relaunch = await trpc<{ id: string }>(e2e, cookie, "constellations.create", { title: "Site relaunch", customerId: acme.id });
          const retainer = await trpc<{ id: string }>(e2e, cookie, "constellations.create", { title: "Retainer hours", customerId: globex.id });
          await trpc(e2e, cookie, "tasks.create", { title: "Homepage copy", constellationId: relaunch.id });
          await page.reload();
          const form = page.getByRole("form", { name: "Start a timer" });
          await form.waitFor();
          await e2e.pick(page, form, "Task", "Homepage copy");
          // Inherited: the task's project, and that project's customer, in the pickers before Start.
          await form.getByRole("combobox", { name: "Project", exact: true }).filter({ hasText: "Site relaunch" }).waitFor();
          await form.getByRole("combobox", { name: "Customer", exact: true }).filter({ hasText: "Acme Studio" }).waitFor();
          await e2e.shot(page, "14-timer-inherited");
          await form.getByLabel("What are you working on?").fill("Copy for the homepage");
          await form.getByRole("button", { name: "Start", exact: true }).click();
          const running = page.getByRole("region", { name: "Running timer" });
          await running.getByRole("combobox", { name: "Project", exact: true }).filter({ hasText: "Site relaunch" }).waitFor();
          await running.getByRole("combobox", { name: "Customer", exact: true }).filter({ hasText: "Acme Studio" }).waitFor();
          await running.getByText("Homepage copy").waitFor();
          let timer = (await e2e.appRequest<{ constellationId: string; customerId: string }>("GET", "/api/app/timers/current", { cookie })).data;
          check(timer.constellationId === relaunch.id && timer.customerId === acme.id, `the timer started with ${JSON.stringify(timer)}`);

          // Another project while it runs brings that project's customer.
          await e2e.pick(page, running, "Project", "Retainer hours");
          await running.getByRole("combobox", { name: "Customer", exact: true }).filter({ hasText: "Globex Works" }).waitFor();
          await page.getByRole("status").filter({ hasText: "Project changed." }).waitFor();
          const tags = running.getByRole("textbox", { name: "Tags" });
          await tags.fill("copy, review");
          await tags.press("Enter");
          await page.getByRole("status").filter({ hasText: "Tags changed." }).waitFor();
          await running.getByRole("checkbox", { name: "Billable" }).uncheck();
          await page.getByRole("status").filter({ hasText: "Not billable." }).waitFor();
          timer = (await e2e.appRequest<{ constellationId: string; customerId: string; tags: string[]; isBillable: boolean }>("GET", "/api/app/timers/current", { cookie })).data;
          check(JSON.stringify(timer) === JSON.stringify({ ...timer, constellationId: retainer.id, customerId: globex.id, tags: ["copy", "review"], isBillable: false }), `the running timer holds ${JSON.stringify(timer)}`);
          await e2e.shot(page, "15-timer-running-filing");
        },
      ],
      [
        "a stop made elsewhere reaches the tab's title and the timer bar without a reload",
        async () => {
          await page.waitForFunction((pattern) => new RegExp(pattern).test(document.title), TITLE_RUNNING.source);
          await e2e.navigate(page, "Tasks");
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          // Another device stops it: the same person's session, straight to the in-app route.
          const stopped = await e2e.appRequest("POST", "/api/app/timers/stop", { cookie, body: {} });
          check(stopped.status === 200, `the stop answered ${stopped.status}`);
          // Followed within the 10-second refresh (the wait's bound leaves room for a slow machine).
          await page.waitForFunction((pattern) => !new RegExp(pattern).test(document.title), TITLE_RUNNING.source, { timeout: 25_000 });
          await page.getByText("No timer running").waitFor();
          check((await page.getByRole("region", { name: "Running timer" }).count()) === 0, "the timer bar still shows a timer");
        },
      ],
      [
        "a start made elsewhere shows when the tab comes back, a stop when the window regains focus",
        async () => {
          const setVisibility = (state: "hidden" | "visible") =>
            page.evaluate((value) => {
              Object.defineProperty(document, "visibilityState", { value, configurable: true });
              document.dispatchEvent(new Event("visibilitychange"));
            }, state);
          await setVisibility("hidden");
          const started = await e2e.appRequest("POST", "/api/app/timers/start", { cookie, body: { description: "From the phone" } });
          check(started.status === 201 || started.status === 200, `the start answered ${started.status}`);
          await setVisibility("visible");
          await page.getByRole("region", { name: "Running timer" }).waitFor();
          await page.waitForFunction(() => /^\d+:\d{2}:\d{2} · From the phone/.test(document.title));
          const stopped = await e2e.appRequest("POST", "/api/app/timers/stop", { cookie, body: {} });
          check(stopped.status === 200, `the stop answered ${stopped.status}`);
          await page.evaluate(() => window.dispatchEvent(new Event("focus")));
          await page.getByText("No timer running").waitFor();
        },
      ],
    ]);
  },
};

export default flow;
