// Settings → Audit log: an admin creates and revokes an API key and adds a member whose role changes;
// Settings links to the audit log, which lists those entries in words; filtering by action keeps only
// matching rows and lives in the address (a reload keeps it); Who lists people and API keys; a row's Details opens by keyboard and
// reads the role's change old → new; Clear filters brings every row back; a period with nothing in it
// says so; Export CSV downloads the entries, and a refused export says why beside it; a member sees
// no link and the admins-only message at the address.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { check, PASSWORD, poll, type E2EFlow } from "../harness";

const COMPILE_MS = 180_000;

/** The rows' "What" texts, as listed. */
const listedActions = (page: Page) => page.getByTestId("audit-event").locator("td:first-child").allTextContents();

const flow: E2EFlow = {
  name: "audit-log",
  async run(e2e) {
    const { page, cookie, person } = await e2e.signedInPage({ prefix: "Auditor", plan: "pro" });
    const keyName = `Payroll sync ${randomUUID().slice(0, 6)}`;
    const memberEmail = `member-${randomUUID()}@example.com`;
    const memberName = `Morgan ${randomUUID().slice(0, 6)}`;
    const { page: memberPage, context: memberContext } = await e2e.newPage();
    const rowWith = (action: string, text: string) => page.getByTestId("audit-event").filter({ hasText: action }).filter({ hasText: text });

    await e2e.flow("audit-log", [
      [
        "an admin creates and revokes an API key, adds a member and makes them admin and member again",
        async () => {
          const created = await e2e.appRequest<{ id: string }>("POST", "/api/app/api-keys", { cookie, body: { name: keyName, scopes: ["time-logs:read"] } });
          check(created.status === 201, `creating a key answered ${created.status}`);
          const revoked = await e2e.appRequest("DELETE", `/api/app/api-keys/${created.data.id}`, { cookie });
          check(revoked.status === 200, `revoking the key answered ${revoked.status}`);
          const added = await e2e.appRequest<{ user: { id: string } }>("POST", "/api/app/members", { cookie, body: { email: memberEmail, password: PASSWORD, name: memberName, role: "member" } });
          check(added.status === 201, `adding a member answered ${added.status}`);
          for (const role of ["admin", "member"]) {
            const changed = await e2e.appRequest("PATCH", `/api/app/members/${added.data.user.id}`, { cookie, body: { role } });
            check(changed.status === 200, `making the member ${role} answered ${changed.status}`);
          }
        },
      ],
      [
        "Settings links to the audit log, which lists those entries newest first in words",
        async () => {
          // The first visit of a page may compile it (npm run dev on a busy machine): allow for that.
          await page.goto(e2e.url("/settings/audit-log"), { timeout: COMPILE_MS });
          await page.goto(e2e.url("/settings"), { timeout: COMPILE_MS });
          await e2e.followLink(page, "Audit log", "/settings/audit-log");
          await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
          await rowWith("Created an API key", keyName).waitFor();
          await rowWith("Revoked an API key", keyName).waitFor();
          await rowWith("Invited a member", memberEmail).waitFor();
          // The time is written in the person's zone once the page is hydrated (and its filters answer).
          await poll(async () => (await rowWith("Invited a member", memberEmail).locator("time").textContent())?.trim() ?? "", Boolean, "the entry's time");
          check((await rowWith("Changed a member's role", memberEmail).count()) === 2, "both role changes are listed");
          const actions = await listedActions(page);
          const order = ["Changed a member's role", "Invited a member", "Revoked an API key", "Created an API key"].map((words) => actions.findIndex((action) => action.startsWith(words)));
          check(order.every((index, at) => index >= 0 && (at === 0 || index > order[at - 1]!)), `not newest first: ${actions.join(" | ")}`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
          await e2e.shot(page, "63-audit-log");
        },
      ],
      [
        "a row's Details opens by keyboard and reads the role's change old → new",
        async () => {
          // The earlier of the two changes (listed second) made the member an admin.
          const summary = rowWith("Changed a member's role", memberEmail).nth(1).getByText("Details");
          await summary.focus();
          await page.keyboard.press("Enter");
          await rowWith("Changed a member's role", memberEmail).nth(1).getByText("member → admin").waitFor();
          await e2e.shot(page, "63-audit-log-details", true);
        },
      ],
      [
        "filtering by action keeps only its rows, in the address too, and Clear filters brings the others back",
        async () => {
          await page.getByLabel("Action").selectOption({ label: "Revoked an API key" });
          await page.waitForURL((url) => url.searchParams.get("action") === "api_key.revoked");
          await poll(() => listedActions(page), (actions) => actions.length === 1 && actions[0]!.startsWith("Revoked an API key"), "the rows under the action filter");
          await page.reload();
          await rowWith("Revoked an API key", keyName).waitFor();
          check((await page.getByLabel("Action").inputValue()) === "api_key.revoked", "the reloaded page lost the action filter");
          check((await listedActions(page)).length === 1, "the reloaded page lists other actions");
          await e2e.shot(page, "63-audit-log-filtered");
          await page.getByRole("button", { name: "Clear filters" }).click();
          await page.waitForURL((url) => !url.searchParams.has("action"));
          await rowWith("Created an API key", keyName).waitFor();
          // A period with nothing in it says so.
          await page.getByLabel("From").fill("2099-01-01");
          await page.waitForURL((url) => url.searchParams.get("from") === "2099-01-01");
          await page.getByText("No audit events match these filters.").waitFor();
          await page.getByRole("button", { name: "Clear filters" }).click();
          await rowWith("Created an API key", keyName).waitFor();
        },
      ],
      [
        "Who lists people, API keys and apps: the revoked key did nothing itself, the admin did it all",
        async () => {
          await e2e.pick(page, page, "Who", keyName);
          await page.waitForURL((url) => url.searchParams.has("actorId"));
          await page.getByText("No audit events match these filters.").waitFor();
          await page.getByRole("button", { name: "Clear filters" }).click();
          await page.waitForURL((url) => !url.searchParams.has("actorId"));
          await e2e.pick(page, page, "Who", person.name);
          await rowWith("Created an API key", keyName).waitFor();
          await rowWith("Invited a member", memberEmail).waitFor();
          await page.getByRole("button", { name: "Clear filters" }).click();
          await page.waitForURL((url) => !url.searchParams.has("actorId"));
        },
      ],
      [
        "Export CSV downloads the entries with their header, and the export is recorded",
        async () => {
          const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
          check(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/.test(download.suggestedFilename()), `file name: ${download.suggestedFilename()}`);
          const lines = (await readFile(await download.path(), "utf8")).split("\r\n");
          check(lines[0] === "time,action,action_words,actor_type,actor_id,actor_name,target_type,target_id,target_label,ip,user_agent,metadata,id", `header: ${lines[0]}`);
          check(
            lines.some((line) => line.includes(",api_key.created,Created an API key,user,") && line.includes(keyName)),
            "no row for the created key",
          );
          await page.reload();
          await page.getByTestId("audit-event").filter({ hasText: "Exported data" }).first().waitFor();
        },
      ],
      [
        "a member sees no link to the audit log, and its address says only admins can see it",
        async () => {
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: memberEmail, password: PASSWORD } });
          check(login.cookie, `the member's login answered ${login.status}`);
          await memberContext.addCookies([{ name: login.cookie.slice(0, login.cookie.indexOf("=")), value: login.cookie.slice(login.cookie.indexOf("=") + 1), url: e2e.baseUrl }]);
          await memberPage.goto(e2e.url("/settings"), { timeout: COMPILE_MS });
          await memberPage.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
          await memberPage.getByRole("heading", { name: "Security" }).waitFor();
          check((await memberPage.getByRole("link", { name: "Audit log" }).count()) === 0, "a member is shown the Audit log link");
          await memberPage.goto(e2e.url("/settings/audit-log"));
          await memberPage.getByText("Only admins can see the audit log.").waitFor();
          check((await memberPage.getByTestId("audit-event").count()) === 0, "a member is shown audit entries");
          await e2e.shot(memberPage, "63-audit-log-member");
        },
      ],
      [
        "a refused export says why beside Export CSV: the session ended elsewhere",
        async () => {
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email: person.email, password: PASSWORD } });
          check(login.cookie, `the second login answered ${login.status}`);
          const { page: second, context } = await e2e.newPage();
          await context.addCookies([{ name: login.cookie.slice(0, login.cookie.indexOf("=")), value: login.cookie.slice(login.cookie.indexOf("=") + 1), url: e2e.baseUrl }]);
          await second.goto(e2e.url("/settings/audit-log"), { timeout: COMPILE_MS });
          await second.getByTestId("audit-event").first().waitFor();
          const loggedOut = await e2e.appRequest("POST", "/api/app/auth/logout", { cookie: login.cookie });
          check(loggedOut.status === 200, `logging out answered ${loggedOut.status}`);
          let downloads = 0;
          second.on("download", () => (downloads += 1));
          await second.getByRole("link", { name: "Export CSV" }).click();
          await second.getByRole("alert").filter({ hasText: "Sign in to continue." }).waitFor();
          check(downloads === 0, "the refused export was downloaded");
          await e2e.shot(second, "63-audit-log-export-refused");
          await context.close();
        },
      ],
    ]);
  },
};

export default flow;
