// Signing up and in: a signed-out visit to an app page goes to log in and comes back after; the
// shell's navigation, running-timer slot and log-out; form errors at their fields.
import { check, PASSWORD, type E2EFlow } from "../harness";

const NAV_NAMES = ["Timer", "Time logs", "Tasks", "Customers", "Projects", "Invoices", "Reports", "API keys", "Webhooks", "Settings"];

const flow: E2EFlow = {
  name: "account",
  async run(e2e) {
    const { page } = await e2e.newPage();
    const person = e2e.newPerson("Erin");
    await e2e.flow("account", [
      [
        "a signed-out visit to an app page goes to log in, keeping the way back",
        async () => {
          await page.goto(e2e.url("/time-logs"));
          await page.waitForURL((url) => url.pathname === "/login");
          check(new URL(page.url()).searchParams.get("next") === "/time-logs", `next is not kept: ${page.url()}`);
          await page.getByRole("heading", { name: "Log in to Orbit" }).waitFor();
          await e2e.shot(page, "01-login");
        },
      ],
      [
        "sign-up from there lands on the page first asked for",
        async () => {
          await page.getByRole("link", { name: "Create an account" }).click();
          await page.getByRole("heading", { name: "Create your account" }).waitFor();
          await page.getByLabel("Your name").fill(person.name);
          await page.getByLabel("Email").fill(person.email);
          await page.getByLabel("Password").fill(PASSWORD);
          await page.getByLabel("Organization name").fill(person.organizationName);
          await page.getByRole("button", { name: "Create account" }).click();
          await page.waitForURL((url) => url.pathname === "/time-logs");
          await page.getByRole("heading", { level: 1, name: "Time logs" }).waitFor();
          // The browser's zone is the new account's time-zone preference.
          const zones = await page.evaluate(async () => {
            const response = await fetch("/api/app/me/preferences");
            const body = (await response.json()) as { data: { timeZone: string } };
            return { browser: Intl.DateTimeFormat().resolvedOptions().timeZone, account: body.data.timeZone };
          });
          check(zones.account === zones.browser, `the account's zone is ${zones.account}, the browser's ${zones.browser}`);
        },
      ],
      [
        "the shell names every area and shows the timer slot",
        async () => {
          if (e2e.isPhone) {
            check(!(await page.getByRole("link", { name: "Invoices", exact: true }).isVisible()), "the phone layout shows the navigation before the menu is opened");
            await page.getByRole("button", { name: "Open menu" }).click();
          }
          const nav = page.getByRole("navigation", { name: "Main" });
          for (const name of NAV_NAMES) await nav.getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
          await e2e.shot(page, "02-shell-nav");
          if (e2e.isPhone) await page.getByRole("button", { name: "Close menu" }).click();
          await page.getByText("No timer running").waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
        },
      ],
      [
        "every area opens from the navigation without a reload",
        async () => {
          await page.evaluate(() => ((window as unknown as { __orbitMarker: boolean }).__orbitMarker = true));
          for (const name of NAV_NAMES) await e2e.navigate(page, name);
          check(await page.evaluate(() => (window as unknown as { __orbitMarker?: boolean }).__orbitMarker === true), "a navigation reloaded the page");
        },
      ],
      [
        "log-out returns to log in, and app pages stay closed",
        async () => {
          if (e2e.isPhone) await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("button", { name: "Log out" }).click();
          await page.waitForURL((url) => url.pathname === "/login");
          await page.goto(e2e.url("/tasks"));
          await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/tasks");
          // The server itself redirects (no page flashes first, and it works without JavaScript).
          const signedOut = await fetch(e2e.url("/time-logs?week=2026-11-16"), { redirect: "manual" });
          const location = signedOut.headers.get("location") ?? "";
          check(signedOut.status === 307 && location.endsWith("/login?next=%2Ftime-logs%3Fweek%3D2026-11-16"), `signed-out page answered ${signedOut.status} ${location}`);
        },
      ],
      [
        "a wrong password is refused with the server's message",
        async () => {
          await page.getByLabel("Email").fill(person.email);
          await page.getByLabel("Password").fill("not the password");
          await page.getByRole("button", { name: "Log in" }).click();
          await page.getByRole("alert").filter({ hasText: "Email or password is incorrect." }).waitFor();
        },
      ],
      [
        "log-in goes back to the page asked for",
        async () => {
          await page.getByLabel("Password").fill(PASSWORD);
          await page.getByRole("button", { name: "Log in" }).click();
          await page.waitForURL((url) => url.pathname === "/tasks");
          await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
        },
      ],
      [
        "signing up with a taken email shows the conflict at the email field",
        async () => {
          const other = await e2e.newPage();
          await other.page.goto(e2e.url("/signup"));
          await other.page.getByLabel("Your name").fill("Someone Else");
          await other.page.getByLabel("Email").fill(person.email);
          await other.page.getByLabel("Password").fill(PASSWORD);
          await other.page.getByLabel("Organization name").fill("Other");
          await other.page.getByRole("button", { name: "Create account" }).click();
          const email = other.page.getByLabel("Email");
          await other.page.locator(".field-error").first().waitFor();
          check((await email.getAttribute("aria-invalid")) === "true", "the email field is not marked invalid");
          await e2e.shot(other.page, "03-signup-conflict");
        },
      ],
    ]);
  },
};

export default flow;
