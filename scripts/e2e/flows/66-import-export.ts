// Moving in and out: Settings → Import and export downloads the ZIP; a Toggl Track CSV with a bad row
// is previewed with the row's problem by line and nothing written; the fixed file is previewed
// (what will be created) and imported; importing it again creates nothing new. Then the imported
// project's page shows its hours this week, this month and all time, per task, and its customer's
// page the same across its projects.
import { check, type E2EFlow } from "../harness";

/** Toggl Track's detailed report layout (as the importer's tests use it), with two logs today and one long ago. */
function togglCsv(email: string, badDuration = false): Buffer {
  const today = new Date().toISOString().slice(0, 10);
  const lines = [
    "User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags",
    `Me,${email},Globex,Relaunch,Design,Wireframes,Yes,${today},00:00:00,${today},01:30:00,01:30:00,"ux, web"`,
    `Me,${email},Globex,Relaunch,Build,Setup,No,${today},02:00:00,${today},02:45:00,${badDuration ? "soon" : "00:45:00"},`,
    `Me,${email},Globex,Relaunch,Design,Kickoff,Yes,2025-01-06,09:00:00,2025-01-06,11:00:00,02:00:00,`,
  ];
  return Buffer.from(lines.join("\n"));
}

const flow: E2EFlow = {
  name: "import-export",
  async run(e2e) {
    const { page, person } = await e2e.signedInPage({ prefix: "Mover" });
    const textOf = async (testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? "").trim();
    const chooseFile = (buffer: Buffer) => page.getByLabel("CSV file").setInputFiles({ name: "toggl-detailed.csv", mimeType: "text/csv", buffer });

    await e2e.flow("import-export", [
      [
        "Settings leads to Import and export",
        async () => {
          await page.goto(e2e.url("/settings"));
          // Dates are written by the browser once the page is interactive (its links then route in the app).
          await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="member-row"] time')].some((time) => time.textContent));
          await page.getByRole("link", { name: "Import and export data" }).click();
          await page.getByRole("heading", { level: 1, name: "Import and export" }).waitFor();
        },
      ],
      [
        "Export downloads a ZIP",
        async () => {
          const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download export (ZIP)" }).click()]);
          check(/^orbit-export-\d{4}-\d{2}-\d{2}\.zip$/.test(download.suggestedFilename()), `file name: ${download.suggestedFilename()}`);
          const { readFile } = await import("node:fs/promises");
          const zip = await readFile(await download.path());
          check(zip.subarray(0, 2).toString() === "PK", "not a ZIP archive");
          check(zip.includes("time-logs.csv"), "no time-logs.csv in the archive");
        },
      ],
      [
        "a Toggl file with a bad row: the preview names the line and the column, and offers no import",
        async () => {
          await page.getByLabel("Source tool").selectOption({ label: "Toggl Track" });
          await chooseFile(togglCsv(person.email, true));
          await page.getByRole("button", { name: "Preview import" }).click();
          const problem = page.getByTestId("import-error").first();
          await problem.waitFor();
          const text = (await problem.textContent()) ?? "";
          check(text.startsWith("3") && text.includes("duration"), `problem row: ${text}`);
          check((await page.getByRole("button", { name: /^Import \d/ }).count()) === 0, "an import is offered despite a problem");
          await e2e.shot(page, "72-import-problems", true);
        },
      ],
      [
        "the fixed file: the preview says what will be created, then the import writes it",
        async () => {
          await chooseFile(togglCsv(person.email));
          await page.getByRole("button", { name: "Preview import" }).click();
          await page.getByRole("heading", { name: "Preview" }).waitFor();
          const counts = [await textOf("import-rows"), await textOf("import-logs"), await textOf("import-customers"), await textOf("import-projects"), await textOf("import-tasks")];
          check(counts.join(",") === "3,3,1,1,2", `preview counts: ${counts.join(",")}`);
          await e2e.shot(page, "73-import-preview", true);
          await page.getByRole("button", { name: "Import 3 time logs" }).click();
          await page.getByRole("heading", { name: "Import finished" }).waitFor();
          await page.getByRole("status").filter({ hasText: "Imported 3 time logs" }).waitFor();
        },
      ],
      [
        "importing the same file again creates nothing new",
        async () => {
          await page.getByRole("button", { name: "Preview import" }).click();
          const nothing = page.getByTestId("import-nothing-new");
          await nothing.waitFor();
          const text = (await nothing.textContent()) ?? "";
          check(text.includes("all 3 rows") && text.includes("nothing was created"), `re-import: ${text}`);
          check((await textOf("import-logs")) === "0" && (await textOf("import-duplicates")) === "3", "the re-import would write logs");
          await e2e.shot(page, "74-import-nothing-new");
        },
      ],
      [
        "the imported project's page shows its hours this week, this month and all time, per task, with a link to its report",
        async () => {
          await e2e.navigate(page, "Projects");
          await page.getByRole("link", { name: "Relaunch" }).click();
          await page.getByRole("heading", { level: 1, name: "Relaunch" }).waitFor();
          const hours = page.getByRole("region", { name: "Hours" });
          await hours.getByTestId("work-all-time-total").waitFor();
          const totals = [await textOf("work-this-week-total"), await textOf("work-this-month-total"), await textOf("work-all-time-total")];
          check(totals.join(" ") === "2:15 2:15 4:15", `totals: ${totals.join(" ")}`);
          const design = hours.getByTestId("work-row").filter({ hasText: "Design" });
          const designText = (await design.textContent()) ?? "";
          check(designText.includes("1:30") && designText.includes("3:30"), `Design row: ${designText}`);
          const href = await hours.getByRole("link", { name: "Open in Reports" }).getAttribute("href");
          check(href?.startsWith("/reports?projectId="), `report link: ${href}`);
          await e2e.shot(page, "75-project-hours", true);
        },
      ],
      [
        "its customer's page shows the same hours across its projects",
        async () => {
          await page.getByRole("link", { name: "Globex" }).first().click();
          await page.getByRole("heading", { level: 1, name: "Globex" }).waitFor();
          const hours = page.getByRole("region", { name: "Hours" });
          await hours.getByTestId("work-row").filter({ hasText: "Relaunch" }).waitFor();
          check((await textOf("work-all-time-total")) === "4:15", `customer all time: ${await textOf("work-all-time-total")}`);
          await e2e.shot(page, "76-customer-hours", true);
        },
      ],
    ]);
  },
};

export default flow;
