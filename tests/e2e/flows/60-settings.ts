// Settings: an admin adds a member; the calendar feed URL is created, served as iCalendar, revoked
// and made again; the member signs in and finds no admin actions (and the server refuses them); the
// admin changes the password, which signs out the other sessions.
import { check, PASSWORD, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "settings",
  async run(e2e) {
    const { page, cookie, person } = await e2e.signedInPage({ prefix: "Admin", plan: "pro" });
    const member = e2e.newPerson("Member");
    let feedUrl = "";
    await e2e.flow("settings", [
      [
        "an admin adds a member",
        async () => {
          await page.goto(e2e.url("/settings"));
          await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
          const dialog = await e2e.openDialog(page, "Add member");
          await dialog.getByLabel("Name").fill(member.name);
          await dialog.getByLabel("Email").fill(member.email);
          await dialog.getByLabel("Password").fill("short");
          await dialog.getByRole("button", { name: "Add to organization" }).click();
          await page.waitForFunction(() => document.querySelector('[role="dialog"] input[name="password"]')?.getAttribute("aria-invalid") === "true");
          await dialog.getByLabel("Password").fill(PASSWORD);
          await dialog.getByRole("button", { name: "Add to organization" }).click();
          await page.getByTestId("member-row").filter({ hasText: member.email }).waitFor();
        },
      ],
      [
        "the calendar feed URL is created and serves the user's time as iCalendar",
        async () => {
          await page.getByRole("button", { name: "Create calendar URL" }).click();
          const input = page.getByRole("textbox", { name: "Calendar feed URL" });
          await input.waitFor();
          feedUrl = await input.inputValue();
          check(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/.test(feedUrl), `feed URL: ${feedUrl}`);
          await page.getByRole("button", { name: "Copy URL" }).waitFor();
          const response = await fetch(feedUrl);
          const body = await response.text();
          check(response.status === 200 && response.headers.get("content-type") === "text/calendar; charset=utf-8", `feed answered ${response.status}`);
          check(body.startsWith("BEGIN:VCALENDAR"), "not an iCalendar body");
          const again = await fetch(feedUrl, { headers: { "if-none-match": response.headers.get("etag") ?? "" } });
          check(again.status === 304, `If-None-Match answered ${again.status}`);
          await e2e.shot(page, "50-settings");
        },
      ],
      [
        "Revoke URL asks first, then the URL stops working; a new one can be made",
        async () => {
          await page.getByRole("button", { name: "Revoke URL" }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Revoke URL" }).click();
          await page.getByRole("button", { name: "Create calendar URL" }).waitFor();
          check((await fetch(feedUrl)).status === 404, "a revoked feed URL still answers");
          await page.getByRole("button", { name: "Create calendar URL" }).click();
          const fresh = await page.getByRole("textbox", { name: "Calendar feed URL" }).inputValue();
          check(fresh !== feedUrl && (await fetch(fresh)).status === 200, "the new URL does not work");
        },
      ],
      [
        "the member signs in and sees no admin actions",
        async () => {
          const { page: memberPage } = await e2e.newPage();
          await memberPage.goto(e2e.url("/settings"));
          await memberPage.waitForURL((url) => url.pathname === "/login");
          await memberPage.getByLabel("Email").fill(member.email);
          await memberPage.getByLabel("Password").fill(PASSWORD);
          await memberPage.getByRole("button", { name: "Log in" }).click();
          await memberPage.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
          await memberPage.getByTestId("member-row").first().waitFor();
          check((await memberPage.getByTestId("role").textContent()) === "member", "not signed in as the member");
          for (const name of ["Add member", "Switch to Free", "Switch to Pro"]) check((await memberPage.getByRole("button", { name }).count()) === 0, `a member sees ${name}`);
          await memberPage.getByRole("button", { name: "Create calendar URL" }).waitFor();
          await e2e.shot(memberPage, "51-settings-member");
          await e2e.navigate(memberPage, "API keys");
          await memberPage.getByText("Only admins create and revoke keys.").waitFor();
          check((await memberPage.getByRole("button", { name: "Create key" }).count()) === 0, "a member sees Create key");
        },
      ],
      [
        "the server still refuses admin actions to the member",
        async () => {
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: member.email, password: PASSWORD } });
          const refused = await e2e.appRequest("POST", "/api/app/members", { cookie: login.cookie, body: { email: `x-${member.email}`, password: PASSWORD, name: "X", role: "admin" } });
          check(refused.status === 403, `adding a member as a member answered ${refused.status}`);
          const plan = await e2e.appRequest("PUT", "/api/app/organization/plan", { cookie: login.cookie, body: { plan: "free" } });
          check(plan.status === 403, `a member's plan switch answered ${plan.status}`);
          check(cookie.length > 0, "no admin session");
        },
      ],
      [
        "changing the password: a wrong current one is shown at its field; the change signs out other sessions only",
        async () => {
          // Another browser signed in as the same person: its session ends with the change, this page's stays.
          const elsewhere = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: person.email, password: PASSWORD } });
          check(elsewhere.status === 200 && Boolean(elsewhere.cookie), `the second login answered ${elsewhere.status}`);
          await page.goto(e2e.url("/settings"));
          const panel = page.getByRole("region", { name: "Password" });
          await panel.getByLabel("Current password").fill("not the password");
          await panel.getByLabel("New password").fill("a new e2e passphrase");
          await panel.getByRole("button", { name: "Change password" }).click();
          await page.waitForFunction(() => document.querySelector('input[name="currentPassword"]')?.getAttribute("aria-invalid") === "true");
          await panel.getByLabel("Current password").fill(PASSWORD);
          await panel.getByRole("button", { name: "Change password" }).click();
          await panel.getByRole("status").filter({ hasText: "Password changed." }).waitFor();
          const other = await e2e.appRequest("GET", "/api/app/me", { cookie: elsewhere.cookie });
          check(other.status === 401, `the other browser's session answered ${other.status} after the change`);
          const current = await e2e.appRequest("GET", "/api/app/me", { cookie });
          check(current.status === 200, `this browser's session answered ${current.status} after the change`);
          await page.reload();
          await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
          await e2e.shot(page, "55-settings-password");
        },
      ],
    ]);
  },
};

export default flow;
