// The team: an admin invites someone by link (opened by keyboard), the invitee accepts in a fresh
// browser and lands in the app, the link then stops working; the admin changes the new member's role,
// deactivates them (their session is refused at once) and reactivates them; the last admin cannot
// demote themselves and is told why; a member sees the list without admin actions.
import { check, PASSWORD, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "team",
  async run(e2e) {
    const { page, person: admin } = await e2e.signedInPage({ prefix: "Lead" });
    const invitee = e2e.newPerson("Invitee");
    const { page: inviteePage, context: inviteeContext } = await e2e.newPage();
    let inviteUrl = "";
    let inviteeCookie = "";
    const rowOf = (email: string) => page.getByTestId("member-row").filter({ hasText: email });

    await e2e.flow("team", [
      [
        "an admin invites an email as a member, by keyboard, and gets the link to copy",
        async () => {
          await page.goto(e2e.url("/settings"));
          await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
          const members = page.getByRole("region", { name: "Members" });
          await rowOf(admin.email).waitFor();
          // Dates are written by the browser once the page is interactive: then the keyboard can open the dialog.
          await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="member-row"] time')].some((time) => time.textContent));
          await members.getByRole("button", { name: "Invite member" }).focus();
          await page.keyboard.press("Enter");
          const dialog = page.getByRole("dialog", { name: "Invite member" });
          await dialog.getByLabel("Email").focus();
          await page.keyboard.type(invitee.email);
          await page.keyboard.press("Enter");
          const ready = page.getByRole("dialog", { name: "Invitation ready" });
          const link = ready.getByRole("textbox", { name: "Invitation link" });
          await link.waitFor();
          inviteUrl = await link.inputValue();
          check(/\/invite\/[A-Za-z0-9_-]{20,}$/.test(inviteUrl), `invite link: ${inviteUrl}`);
          const mail = (await ready.getByTestId("invite-mail-status").textContent()) ?? "";
          check(mail.includes(invitee.email) && /No email was sent|We emailed/.test(mail), `mail status: ${mail}`);
          await ready.getByRole("button", { name: "Copy link" }).waitFor();
          await e2e.shot(page, "65-team-invite-link");
          await ready.getByRole("button", { name: "Done" }).click();
        },
      ],
      [
        "the invitee opens the link in a fresh browser, sees the organization and role, chooses a name and password and lands in the app",
        async () => {
          await inviteePage.goto(inviteUrl);
          await inviteePage.getByRole("heading", { level: 1, name: `Join ${admin.organizationName}` }).waitFor();
          const summary = (await inviteePage.getByTestId("invite-summary").textContent()) ?? "";
          check(summary.includes(admin.name) && summary.includes("as a member"), `summary: ${summary}`);
          check((await inviteePage.getByTestId("invite-email").textContent()) === invitee.email, "the invited email is not shown");
          // The expiry is written by the browser once the page is interactive.
          await inviteePage.waitForFunction(() => document.querySelector("section time")?.textContent);
          await e2e.shot(inviteePage, "66-team-invite-page");
          await inviteePage.getByLabel("Your name").fill(invitee.name);
          await inviteePage.getByLabel("Password").fill("short");
          await inviteePage.getByRole("button", { name: "Join and sign in" }).click();
          await inviteePage.waitForFunction(() => document.querySelector('input[name="password"]')?.getAttribute("aria-invalid") === "true");
          await inviteePage.getByLabel("Password").fill(PASSWORD);
          await inviteePage.getByRole("button", { name: "Join and sign in" }).click();
          await inviteePage.waitForURL((url) => url.pathname === "/timer");
          await inviteePage.getByRole("heading", { level: 1, name: "Timer" }).waitFor();
          const session = (await inviteeContext.cookies()).find((cookie) => cookie.name === "tt_session");
          check(session, "the invitee has no session cookie");
          inviteeCookie = `${session.name}=${session.value}`;
          const me = await e2e.appRequest<{ role: string; organization: { name: string } }>("GET", "/api/app/me", { cookie: inviteeCookie });
          check(me.status === 200 && me.data.role === "member" && me.data.organization.name === admin.organizationName, `me answered ${me.status}`);
        },
      ],
      [
        "the link works once: opened again it says it no longer works",
        async () => {
          const { page: again } = await e2e.newPage();
          await again.goto(inviteUrl);
          await again.getByRole("heading", { level: 1, name: "This invitation link no longer works" }).waitFor();
          check((await again.getByLabel("Password").count()) === 0, "a used link still asks for a password");
          await e2e.shot(again, "67-team-invite-gone");
          await again.goto(e2e.url("/invite/not-a-real-token"));
          await again.getByRole("heading", { level: 1, name: "This invitation link no longer works" }).waitFor();
        },
      ],
      [
        "the new member appears in Settings → Members, active, as a member",
        async () => {
          await page.reload();
          const row = rowOf(invitee.email);
          await row.waitFor();
          await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="member-row"] time')].every((time) => time.textContent));
          check((await row.getByTestId("member-role").textContent()) === "Member", "role is not Member");
          check((await row.getByTestId("member-state").textContent()) === "Active", "state is not Active");
          await e2e.shot(page, "68-team-members", true);
        },
      ],
      [
        "the admin makes them an admin, then a member again",
        async () => {
          await page.getByRole("button", { name: `Make ${invitee.name} an admin` }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Make admin" }).click();
          await page.waitForFunction((email) => [...document.querySelectorAll('[data-testid="member-row"]')].some((row) => row.textContent?.includes(email) && row.querySelector('[data-testid="member-role"]')?.textContent === "Admin"), invitee.email);
          const me = await e2e.appRequest<{ role: string }>("GET", "/api/app/me", { cookie: inviteeCookie });
          check(me.data.role === "admin", `the role did not change: ${me.data.role}`);
          await page.getByRole("button", { name: `Make ${invitee.name} a member` }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Make member" }).click();
          await page.waitForFunction((email) => [...document.querySelectorAll('[data-testid="member-row"]')].some((row) => row.textContent?.includes(email) && row.querySelector('[data-testid="member-role"]')?.textContent === "Member"), invitee.email);
        },
      ],
      [
        "deactivating them ends their session at once; reactivating lets them sign in again",
        async () => {
          await page.getByRole("button", { name: `Deactivate ${invitee.name}` }).click();
          const confirm = page.getByRole("alertdialog", { name: `Deactivate ${invitee.name}?` });
          await confirm.getByRole("button", { name: "Deactivate" }).click();
          await rowOf(invitee.email).getByTestId("member-state").filter({ hasText: "Deactivated" }).waitFor();
          await e2e.shot(page, "69-team-deactivated", true);
          const refused = await e2e.appRequest("GET", "/api/app/me", { cookie: inviteeCookie });
          check(refused.status === 401, `a deactivated member's session answered ${refused.status}`);
          await inviteePage.goto(e2e.url("/timer"));
          await inviteePage.waitForURL((url) => url.pathname === "/login");
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: invitee.email, password: PASSWORD } });
          check(login.status === 401, `a deactivated member's login answered ${login.status}`);

          await page.getByRole("button", { name: `Reactivate ${invitee.name}` }).click();
          await page.getByRole("alertdialog").getByRole("button", { name: "Reactivate" }).click();
          await rowOf(invitee.email).getByTestId("member-state").filter({ hasText: "Active" }).waitFor();
          const back = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: invitee.email, password: PASSWORD } });
          check(back.status === 200, `a reactivated member's login answered ${back.status}`);
        },
      ],
      [
        "the last admin cannot make themselves a member: the refusal is shown in words",
        async () => {
          await page.getByRole("button", { name: `Make ${admin.name} a member` }).click();
          const confirm = page.getByRole("alertdialog");
          await confirm.getByRole("button", { name: "Make member" }).click();
          const alert = confirm.getByRole("alert");
          await alert.waitFor();
          const message = (await alert.textContent()) ?? "";
          check(/at least one active admin/.test(message), `refusal: ${message}`);
          await e2e.shot(page, "70-team-last-admin");
          await confirm.getByRole("button", { name: "Cancel" }).click();
          check((await rowOf(admin.email).getByTestId("member-role").textContent()) === "Admin", "the last admin was demoted");
        },
      ],
      [
        "a member sees the members and their states, without admin actions",
        async () => {
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: invitee.email, password: PASSWORD } });
          check(login.status === 200 && login.cookie, `the member's login answered ${login.status}`);
          await inviteeContext.addCookies([{ name: "tt_session", value: login.cookie.slice("tt_session=".length), url: e2e.baseUrl }]);
          await inviteePage.goto(e2e.url("/settings"));
          await inviteePage.getByTestId("member-row").filter({ hasText: admin.email }).waitFor();
          await inviteePage.waitForFunction(() => [...document.querySelectorAll('[data-testid="member-row"] time')].every((time) => time.textContent));
          await inviteePage.getByText("Only admins invite people and change roles.").waitFor();
          for (const name of ["Invite member", "Add member", `Deactivate ${admin.name}`, `Make ${invitee.name} an admin`]) {
            check((await inviteePage.getByRole("button", { name }).count()) === 0, `a member sees ${name}`);
          }
          await e2e.shot(inviteePage, "71-team-member-view", true);
        },
      ],
    ]);
  },
};

export default flow;
