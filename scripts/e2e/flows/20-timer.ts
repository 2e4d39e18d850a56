// Timer: start and stop (the shell's indicator ticks and stops from any page), Add time with the
// server's field errors, and entries made offline that sync once, when the browser is back online.
import { check, textOf, type E2EFlow } from "../harness";

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
        "Add time shows the server's refusal at the field it names",
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
          await e2e.shot(page, "11-add-time-error");
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
    ]);
  },
};

export default flow;
