// Moving in and out: Settings → Import and export downloads the ZIP; a Toggl Track CSV with a bad row
// is previewed with the row's problem by line and nothing written; the fixed file is previewed
// (what will be created) and imported; importing it again creates nothing new. A Harvest report naming
// someone who is not a member stops at the people step until they are given a member or skipped; its
// over-long row is listed and skipped by choice; its invoiced row shows as billed elsewhere in Time
// logs. A Clockify file whose dates read two ways asks for the date format. Then the imported
// project's page shows its hours this week, this month and all time, per task, and its customer's
// page the same across its projects.
import type { Page } from "playwright-core";
import { check, type E2E, type E2EFlow } from "../harness";

/** The page's width must not exceed the viewport's: nothing forces sideways scrolling of the page. */
async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

/** Harvest's detailed time report layout: the person's own rows (one invoiced, one over-long) and someone Orbit does not know. */
function harvestCsv(fullName: string): Buffer {
  const today = new Date().toISOString().slice(0, 10);
  const [first, ...last] = fullName.split(" ");
  const header = "Date,Client,Project,Project Code,Task,Notes,Hours,Hours Rounded,Billable?,Invoiced?,Approved?,First Name,Last Name,Roles,Employee?,Billable Rate,Billable Amount,Cost Rate,Cost Amount,Currency,External Reference URL";
  const row = (task: string, notes: string, hours: string, invoiced: string, person: [string, string]) =>
    `${today},Initech,Brand refresh,,${task},${notes},${hours},${hours},Yes,${invoiced},No,${person[0]},${person[1]},,Yes,100.0,0,60.0,0,Euro - EUR,`;
  const me: [string, string] = [first!, last.join(" ")];
  return Buffer.from([header, row("Design", "Logo sketches", "1.5", "Yes", me), row("Design", "", "1.0", "No", me), row("Research", "Interviews", "2.0", "No", ["Kim", "Unknown"]), row("Design", "Timer left running", "13.5", "No", me)].join("\r\n"));
}

/** Clockify's detailed report with dates that read both ways (day first or month first). */
function ambiguousClockifyCsv(email: string): Buffer {
  const header = '"Project","Client","Description","Task","User","Group","Email","Tags","Billable","Start Date","Start Time","End Date","End Time","Duration (h)","Duration (decimal)","Billable Rate (EUR)","Billable Amount (EUR)"';
  const row = (date: string) => `"Brand refresh","Initech","Review","","Me","","${email}","","Yes","${date}","09:00:00","${date}","10:00:00","01:00:00","1.00","95.00","95.00"`;
  return Buffer.from([header, row("03/04/2026"), row("05/06/2026")].join("\r\n"));
}

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
          await e2e.followLink(page, "Import and export data", "/settings/data");
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
        "a Harvest report naming someone who is not a member: the people step asks whose time it is, and nothing is offered until then",
        async () => {
          await page.getByLabel("Source tool").selectOption({ label: "Harvest" });
          await chooseFile(harvestCsv(person.name));
          await page.getByRole("button", { name: "Preview import" }).click();
          await page.getByRole("heading", { name: "Whose time is it?" }).waitFor();
          const me = page.getByLabel(person.name, { exact: true });
          check((await me.inputValue()) !== "" && (await me.inputValue()) !== "skip", "the person named like the member is not matched to them");
          const unknown = page.getByLabel("Kim Unknown", { exact: true });
          check((await unknown.inputValue()) === "", "an unknown person was given to someone");
          await page.getByRole("status").filter({ hasText: "Choose a member, or Skip, for 1 person above to go on." }).waitFor();
          check((await page.getByRole("button", { name: /^Import \d/ }).count()) === 0, "an import is offered before every person is decided");
          check(((await textOf("import-unmatched")) || "") === "1", `rows to choose for: ${await textOf("import-unmatched")}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "77-import-people", true);
        },
      ],
      [
        "skipping the unknown person and the over-long row, by keyboard, imports the rest; the invoiced row is billed elsewhere",
        async () => {
          const unknown = page.getByLabel("Kim Unknown", { exact: true });
          await unknown.focus();
          await unknown.selectOption({ label: "Skip these rows" });
          const again = page.getByRole("button", { name: "Preview with these choices" });
          await again.focus();
          await page.keyboard.press("Enter");
          await page.getByTestId("import-skipped-people").waitFor();
          const problem = page.getByTestId("import-error").first();
          const text = (await problem.textContent()) ?? "";
          check(text.startsWith("5") && text.includes("hours") && text.includes("12 hours"), `over-long row: ${text}`);
          check((await page.getByRole("button", { name: /^Import \d/ }).count()) === 0, "an import is offered while a row has a problem");
          const skip = page.getByLabel("Skip the 1 row with problems and import the rest");
          await skip.focus();
          await page.keyboard.press("Space");
          await page.getByRole("table", { name: "Rows that will be skipped, by line" }).waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "78-import-skip-rows", true);
          const importButton = page.getByRole("button", { name: "Import 2 time logs" });
          await importButton.focus();
          await page.keyboard.press("Enter");
          await page.getByRole("heading", { name: "Import finished" }).waitFor();
          await page.getByRole("status").filter({ hasText: "Imported 2 time logs" }).waitFor();
          await e2e.navigate(page, "Time logs");
          const billed = page.getByTestId("time-log-row").filter({ hasText: "Design: Logo sketches" });
          await billed.getByTestId("billed-elsewhere").waitFor();
          check((await page.getByTestId("time-log-row").filter({ hasText: "Kim" }).count()) === 0, "the skipped person's time was imported");
          await page.goto(e2e.url("/settings/data"));
          await page.getByRole("heading", { level: 1, name: "Import and export" }).waitFor();
        },
      ],
      [
        "a Clockify file whose dates read two ways asks for the date format, and reads it the way chosen",
        async () => {
          await page.getByLabel("Source tool").selectOption({ label: "Clockify" });
          await chooseFile(ambiguousClockifyCsv(person.email));
          await page.getByRole("button", { name: "Preview import" }).click();
          const format = page.getByLabel("Date format");
          await format.waitFor();
          const message = (await page.locator(".field-error").first().textContent()) ?? "";
          check(message.includes("read two ways") && message.includes("03/04/2026"), `date format message: ${message}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "79-import-date-format", true);
          await format.selectOption({ label: "Day first: 31/12/2026" });
          await page.getByRole("button", { name: "Preview import" }).click();
          await page.getByTestId("import-reading").filter({ hasText: "Dates read day first" }).waitFor();
          check((await textOf("import-logs")) === "2", `Clockify preview logs: ${await textOf("import-logs")}`);
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
