// Weekly approvals: a member submits this week from the timesheet (its cells turn read-only); an admin
// finds it under Approvals with its hours, rejects it with a note asked in a dialog (an empty note is
// refused in words); the member reads the note and submits again; the admin approves it, by keyboard,
// and the approved week is listed under its state with Reopen; Reports then filter by approval.
import { randomUUID } from "node:crypto";
import { check, PASSWORD, type E2EFlow } from "../harness";

const COMPILE_MS = 180_000;

const flow: E2EFlow = {
  name: "approvals",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Approver" });
    const email = `member-${randomUUID()}@example.com`;
    const memberName = `Mia ${randomUUID().slice(0, 6)}`;
    const { page: memberPage, context: memberContext } = await e2e.newPage();
    const submittedRow = () => page.getByRole("row").filter({ hasText: memberName });

    await e2e.flow("approvals", [
      [
        "a member submits this week from the timesheet and its cells turn read-only",
        async () => {
          const added = await e2e.appRequest("POST", "/api/app/members", { cookie, body: { email, password: PASSWORD, name: memberName, role: "member" } });
          check(added.status === 201, `adding a member answered ${added.status}`);
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email, password: PASSWORD } });
          check(login.cookie, `login answered ${login.status}`);
          await memberContext.addCookies([{ name: login.cookie.slice(0, login.cookie.indexOf("=")), value: login.cookie.slice(login.cookie.indexOf("=") + 1), url: e2e.baseUrl }]);
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", {
            cookie: login.cookie,
            body: { entries: [{ clientSessionId: randomUUID(), startedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), durationSeconds: 5400, description: "Design review", source: "manual" }] },
          });
          check(synced.status === 200, `logging time answered ${synced.status}`);

          // The first visit of a page may compile it (npm run dev on a busy machine): allow for that.
          await memberPage.goto(e2e.url("/time-logs?view=timesheet"), { timeout: COMPILE_MS });
          const approval = memberPage.getByRole("group", { name: "Week approval" });
          await approval.getByText("Not submitted").waitFor({ timeout: COMPILE_MS });
          const submit = approval.getByRole("button", { name: "Submit week" });
          for (let attempt = 0; attempt < 5 && !(await approval.getByText("Submitted", { exact: true }).isVisible()); attempt += 1) {
            await submit.click().catch(() => {});
            await approval.getByText("Submitted", { exact: true }).waitFor({ timeout: 3_000 }).catch(() => {});
          }
          await approval.getByText("Submitted", { exact: true }).waitFor();
          check((await approval.getByRole("button", { name: /Submit week/ }).count()) === 0, "a submitted week still offers Submit week");
          // A log without a task, customer or project is the row "No task".
          const cell = memberPage.getByRole("textbox", { name: /^No task, / }).first();
          await cell.waitFor();
          check((await cell.getAttribute("readonly")) !== null, "a submitted week's cell is editable for its member");
          await e2e.shot(memberPage, "67-approvals-submitted");
        },
      ],
      [
        "an admin finds the week under Approvals with its hours and rejects it with a note; an empty note is refused in words",
        async () => {
          await page.goto(e2e.url("/approvals"), { timeout: COMPILE_MS });
          await page.goto(e2e.url("/timer"), { timeout: COMPILE_MS });
          await e2e.navigate(page, "Approvals");
          await submittedRow().waitFor();
          const hours = (await submittedRow().textContent()) ?? "";
          check(hours.includes("1:30"), `the row shows no 1:30: ${hours}`);
          await e2e.shot(page, "67-approvals-list");
          const dialog = await e2e.openDialog(page, `Reject ${memberName}`, "Reject week");
          await dialog.getByRole("button", { name: "Reject week" }).click();
          const note = dialog.getByRole("textbox", { name: /Note/ });
          await dialog.locator('textarea[aria-invalid="true"]').waitFor();
          await dialog.getByText("Say why the week is rejected").waitFor();
          await note.fill("Friday's client call is missing");
          await dialog.getByRole("button", { name: "Reject week" }).click();
          await dialog.waitFor({ state: "detached" });
          await submittedRow().waitFor({ state: "detached" });
          await page.getByLabel("State").selectOption("rejected");
          await submittedRow().getByText("Friday's client call is missing").waitFor();
        },
      ],
      [
        "the member reads the note on the timesheet and submits the week again",
        async () => {
          await memberPage.reload();
          const approval = memberPage.getByRole("group", { name: "Week approval" });
          await approval.getByText("Rejected", { exact: true }).waitFor();
          await approval.getByText("Friday's client call is missing").waitFor();
          await e2e.shot(memberPage, "67-approvals-rejected");
          await approval.getByRole("button", { name: "Submit week again" }).click();
          await approval.getByText("Submitted", { exact: true }).waitFor();
        },
      ],
      [
        "the admin approves it by keyboard; it is listed under Approved with Reopen",
        async () => {
          // The member submitted again in their own browser: the admin's list is read afresh.
          await page.reload();
          await page.getByLabel("State").selectOption("submitted");
          const approve = submittedRow().getByRole("button", { name: `Approve ${memberName}`, exact: false });
          await approve.focus();
          await page.keyboard.press("Enter");
          await submittedRow().waitFor({ state: "detached" });
          await page.getByLabel("State").selectOption("approved");
          await submittedRow().getByRole("button", { name: new RegExp(`^Reopen ${memberName}`) }).waitFor();
          await e2e.shot(page, "67-approvals-approved");
          await memberPage.reload();
          await memberPage.getByRole("group", { name: "Week approval" }).getByText("Approved", { exact: true }).waitFor();
        },
      ],
      [
        "Reports filter by approval: the approved week's time, its logs and downloads, kept in the address and in a saved report",
        async () => {
          await page.goto(e2e.url("/reports"), { timeout: COMPILE_MS });
          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Reports");
          await page.getByLabel("Period", { exact: true }).selectOption("last_30_days");
          await page.waitForURL(/range=last_30_days/);
          const approvalFilter = page.getByLabel("Approval", { exact: true });
          await approvalFilter.selectOption("none");
          await page.waitForURL(/approval=none/);
          await page.getByText("No time logged in this period with these filters.").waitFor();
          await page.getByText("No time logs in this report.").waitFor();
          await approvalFilter.selectOption("approved");
          await page.waitForURL(/approval=approved/);
          await page.getByTestId("report-total").filter({ hasText: "1:30" }).waitFor();
          await page.getByRole("region", { name: "Time logs" }).getByText("Design review").waitFor();
          for (const name of ["Download CSV", "Download PDF"]) {
            const href = (await page.getByRole("link", { name }).getAttribute("href")) ?? "";
            check(href.includes("approval=approved"), `${name} leaves out the approval filter: ${href}`);
          }
          await e2e.shot(page, "67-approvals-report");

          await page.getByRole("button", { name: "Save report" }).click();
          const dialog = page.getByRole("dialog", { name: "Save report" });
          await dialog.getByLabel("Name").fill("Approved time");
          await dialog.getByRole("button", { name: "Save" }).click();
          await dialog.waitFor({ state: "detached" });
          await page.goto(e2e.url("/reports"));
          await page.getByRole("link", { name: "Open Approved time" }).click();
          await page.waitForURL(/approval=approved/);
          check((await approvalFilter.inputValue()) === "approved", "the saved report opens without its approval filter");
          await page.getByTestId("report-total").filter({ hasText: "1:30" }).waitFor();
        },
      ],
    ]);
  },
};

export default flow;
