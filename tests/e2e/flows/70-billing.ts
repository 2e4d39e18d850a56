// Customers, projects, invoices and reports as an admin uses them: a customer with billing settings
// (a refused value shown at its field; amounts typed as Europeans type them: 120,00 stores 120.00, an
// ambiguous 1,200 is refused naming both readings), the private contact and invoicing details, the
// organization's invoicing details in Settings, a duration typed 2,5, a project archived with a
// confirmation and undone by keyboard, an invoice previewed, created, issued and paid with sender,
// recipient, VAT IDs, dates, the tax rate and notes (and its print layout), the report; then a member,
// who sees no admin actions and manages customers only once an admin allows it.
import type { Page } from "playwright-core";
import { check, PASSWORD, poll, type E2E, type E2EFlow } from "../harness";

/** The page's width must not exceed the viewport's: nothing forces sideways scrolling of the page. */
async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

async function trpcQuery<T>(e2e: E2E, cookie: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(e2e.url(`/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`), { headers: { cookie } });
  const json = (await response.json()) as { result?: { data: T } };
  check(response.ok && json.result, `${procedure} answered ${response.status}`);
  return json.result.data;
}

interface StoredCustomer {
  hourlyRateCents: number | null;
  fixedRateCents: number | null;
  taxRateBps: number;
  vatId?: string | null;
  billingAddress?: string | null;
  paymentTermsDays?: number | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
}

/** The accessible name of the focused element. */
const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? "");

const flow: E2EFlow = {
  name: "billing",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Bill", plan: "pro" });
    const customerName = `Globex ${e2e.viewport.name}`;
    let customerId = "";
    let invoiceId = "";
    const stored = () => trpcQuery<StoredCustomer>(e2e, cookie, "customers.get", { id: customerId });
    /** Polls the stored customer (a save answers after the button shows it pending) until it is as expected. */
    const storedBecomes = async (isExpected: (customer: StoredCustomer) => boolean) => {
      let customer = await stored();
      for (let attempt = 0; attempt < 100 && !isExpected(customer); attempt += 1) {
        await page.waitForTimeout(100);
        customer = await stored();
      }
      check(isExpected(customer), `stored ${JSON.stringify(customer)}`);
    };
    await e2e.flow("billing", [
      [
        "a billing value the server refuses is shown at its field",
        async () => {
          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Customers");
          await page.getByText("No customers yet.").waitFor();
          await page.getByRole("button", { name: "New customer" }).click();
          const dialog = page.getByRole("dialog", { name: "New customer" });
          await dialog.getByLabel("Name", { exact: true }).fill(customerName);
          await dialog.getByLabel("Currency").fill("ZZZ");
          await dialog.getByRole("button", { name: "Create customer" }).click();
          await dialog.getByText("is not a supported ISO 4217 currency").waitFor();
          check((await dialog.getByLabel("Currency").getAttribute("aria-invalid")) === "true", "the currency field is not marked invalid");
          await e2e.shot(page, "10-customer-field-error");
        },
      ],
      [
        "an amount that reads two ways (1,200) is refused, naming both readings, and nothing is created",
        async () => {
          const dialog = page.getByRole("dialog", { name: "New customer" });
          await dialog.getByLabel("Currency").fill("EUR");
          await dialog.getByLabel("Hourly rate").fill("1,200");
          await dialog.getByLabel("Tax rate (%)").fill("19,5.0");
          await dialog.getByRole("button", { name: "Create customer" }).click();
          await dialog.getByText("Is it 1.2 or 1200? Write 1.20 or 1200.").waitFor();
          check((await dialog.getByLabel("Hourly rate").getAttribute("aria-invalid")) === "true", "the hourly rate is not marked invalid");
          check((await dialog.getByLabel("Tax rate (%)").getAttribute("aria-invalid")) === "true", "the tax rate is not marked invalid");
          const list = await trpcQuery<{ items: unknown[] }>(e2e, cookie, "customers.list", { includeArchived: "true" });
          check(list.items.length === 0, `a refused form created ${list.items.length} customers`);
          await e2e.shot(page, "10b-customer-ambiguous-amount");
        },
      ],
      [
        "create a customer with amounts typed the European way (120,00 stores 120.00), its private contact and invoicing details",
        async () => {
          const dialog = page.getByRole("dialog", { name: "New customer" });
          await dialog.getByLabel("Company").fill("Globex Austria GmbH");
          await dialog.getByLabel("Hourly rate").fill("120,00");
          await dialog.getByLabel("Tax rate (%)").fill("19");
          await dialog.getByLabel("Rounding increment (minutes)").fill("15");
          await dialog.getByLabel("Rounding mode").selectOption("up");
          await dialog.getByLabel("Email").fill("hank@globex.example");
          await dialog.getByLabel("Phone").fill("+43 1 234 567");
          await dialog.getByLabel("Billing address").fill("Ring 5\n1010 Wien\nAustria");
          await dialog.getByLabel("VAT ID").fill("ATU12345678");
          await dialog.getByLabel("Payment terms (days)").fill("10");
          await dialog.getByRole("button", { name: "Create customer" }).click();
          await dialog.waitFor({ state: "detached" });
          const link = page.getByRole("link", { name: customerName });
          await link.waitFor();
          customerId = ((await link.getAttribute("href")) ?? "").split("/").pop() ?? "";
          check(customerId.length > 0, "the customer row does not link to its page");
          await page.getByRole("cell", { name: "€120.00 / h" }).waitFor();
          const customer = await stored();
          check(customer.hourlyRateCents === 12_000 && customer.taxRateBps === 1_900, `stored ${JSON.stringify(customer)}`);
          check(customer.vatId === "ATU12345678" && customer.paymentTermsDays === 10 && customer.billingAddress === "Ring 5\n1010 Wien\nAustria", `stored ${JSON.stringify(customer)}`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "11-customers");
        },
      ],
      [
        "every money field of the customer reads the one parser: 1.200,50, 2.500,50 and 7,5 %",
        async () => {
          await page.getByRole("link", { name: customerName }).click();
          await page.getByRole("heading", { level: 1, name: customerName }).waitFor();
          // The admin sees the private contact and the invoicing details.
          const contact = page.getByRole("region", { name: "Contact" });
          for (const text of ["hank@globex.example", "+43 1 234 567", "ATU12345678", "1010 Wien"]) await contact.getByText(text).first().waitFor();
          const form = page.getByRole("region", { name: "Edit customer" });
          check((await form.getByLabel("Hourly rate").inputValue()) === "120.00", `the hourly rate field shows ${await form.getByLabel("Hourly rate").inputValue()}`);
          await form.getByLabel("Hourly rate").fill("1.200,50");
          await form.getByLabel("Fixed fee").fill("2.500,50");
          await form.getByLabel("Tax rate (%)").fill("7,5");
          await form.getByRole("button", { name: "Save changes" }).click();
          await form.getByText("Saved.").waitFor();
          await storedBecomes((customer) => customer.hourlyRateCents === 120_050 && customer.fixedRateCents === 250_050 && customer.taxRateBps === 750);
          await form.getByLabel("Fixed fee").waitFor();
          check((await form.getByLabel("Fixed fee").inputValue()) === "2500.50", `the fixed fee field shows ${await form.getByLabel("Fixed fee").inputValue()}`);
          await e2e.shot(page, "11b-customer", true);
          // Back to the rates the invoice below bills.
          await form.getByLabel("Hourly rate").fill("120");
          await form.getByLabel("Fixed fee").fill("");
          await form.getByLabel("Tax rate (%)").fill("19");
          await form.getByRole("button", { name: "Save changes" }).click();
          await storedBecomes((customer) => customer.hourlyRateCents === 12_000 && customer.fixedRateCents === null && customer.taxRateBps === 1_900);
        },
      ],
      [
        "a duration typed 2,5 is 2.5 hours; 1,500 is refused naming both readings (then the entry is deleted)",
        async () => {
          await e2e.navigate(page, "Timer");
          const dialog = await e2e.openDialog(page, "Add time");
          await dialog.getByLabel("Description").fill("Parser check");
          await dialog.getByLabel("Duration", { exact: true }).check();
          await dialog.getByRole("textbox", { name: "Duration" }).fill("1,500");
          await dialog.getByRole("button", { name: "Save time" }).click();
          await dialog.getByText("Is it 1.5 or 1500? Write 1.50 or 1500.").waitFor();
          await dialog.getByRole("textbox", { name: "Duration" }).fill("2,5");
          await dialog.getByLabel("Billable").uncheck();
          await dialog.getByRole("button", { name: "Save time" }).click();
          await dialog.waitFor({ state: "detached" });
          const row = page.getByRole("row", { name: /Parser check/ });
          await row.getByText("2:30", { exact: true }).waitFor();
          // Deleted again, so the report below counts only the customer's time.
          await row.getByRole("button", { name: "Delete entry" }).click();
          await page.getByRole("alertdialog", { name: "Delete this entry?" }).getByRole("button", { name: "Delete entry" }).click();
          await row.waitFor({ state: "detached" });
        },
      ],
      [
        "Settings → Invoicing holds the sender's legal name, address, VAT ID, terms and notes",
        async () => {
          await e2e.navigate(page, "Settings");
          const panel = page.getByRole("region", { name: "Invoicing" });
          await panel.getByLabel("Legal name").fill("Studio Nord GmbH");
          await panel.getByLabel("Address").fill("Torstraße 1\n10119 Berlin\nGermany");
          await panel.getByLabel("VAT ID").fill("123456789");
          await panel.getByLabel("Payment terms (days)").fill("30");
          await panel.getByLabel("Invoice notes").fill("IBAN DE02 1203 0000 0000 2020 51");
          await panel.getByRole("button", { name: "Save invoicing details" }).click();
          await panel.getByText("must be a VAT ID starting with its country code").waitFor();
          await panel.getByLabel("VAT ID").fill("DE123456789");
          await panel.getByRole("button", { name: "Save invoicing details" }).click();
          await panel.getByText("Invoicing details saved.").waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "17-settings", true);
        },
      ],
      [
        "create a project for the customer",
        async () => {
          await e2e.navigate(page, "Projects");
          await page.getByRole("button", { name: "New project" }).click();
          const dialog = page.getByRole("dialog", { name: "New project" });
          await dialog.getByLabel("Title").fill("Website relaunch");
          await dialog.getByLabel("Customer").selectOption({ label: customerName });
          await dialog.getByRole("button", { name: "Create project" }).click();
          await dialog.waitFor({ state: "detached" });
          await page.getByRole("link", { name: "Website relaunch" }).waitFor();
          await page.getByRole("cell", { name: customerName }).waitFor();
          await e2e.shot(page, "12-projects");
        },
      ],
      [
        "archive asks first (Cancel keeps the project), then offers Undo in a status notice that takes the focus; Enter undoes it",
        async () => {
          await page.getByRole("button", { name: "Archive Website relaunch" }).click();
          const confirm = page.getByRole("alertdialog", { name: "Archive Website relaunch?" });
          await confirm.waitFor();
          await confirm.getByRole("button", { name: "Cancel" }).click();
          await confirm.waitFor({ state: "detached" });
          await page.getByRole("link", { name: "Website relaunch" }).waitFor();

          await page.getByRole("button", { name: "Archive Website relaunch" }).click();
          await e2e.shot(page, "12b-archive-confirm");
          await confirm.getByRole("button", { name: "Archive project" }).click();
          const notice = page.getByRole("status").filter({ hasText: "Website relaunch is archived." });
          await notice.waitFor();
          await page.getByText("No projects yet.").waitFor();
          await page.waitForFunction(() => document.activeElement?.textContent === "Undo");
          await e2e.shot(page, "12c-archive-undo");
          await page.keyboard.press("Enter");
          await page.getByRole("status").filter({ hasText: "Website relaunch is active again." }).waitFor();
          await page.getByRole("link", { name: "Website relaunch" }).waitFor();
          check((await focusedName(page)) === "Dismiss", `after Undo the focus is on ${await focusedName(page)}`);
          await page.keyboard.press("Enter");
          await page.getByRole("status").filter({ hasText: "active again" }).waitFor({ state: "detached" });
        },
      ],
      [
        "by keyboard alone: archive a customer, confirm, and find it again under Show archived to unarchive",
        async () => {
          await e2e.navigate(page, "Customers");
          await page.getByRole("button", { name: `Archive ${customerName}` }).focus();
          await page.keyboard.press("Enter");
          const confirm = page.getByRole("alertdialog", { name: `Archive ${customerName}?` });
          await confirm.waitFor();
          check((await focusedName(page)) === "Cancel", `the confirmation opens on ${await focusedName(page)}`);
          await page.keyboard.press("Tab");
          check((await focusedName(page)) === "Archive customer", `Tab reaches ${await focusedName(page)}`);
          await page.keyboard.press("Enter");
          await page.getByRole("status").filter({ hasText: `${customerName} is archived.` }).waitFor();
          await page.getByLabel("Show archived").check();
          await page.getByRole("button", { name: `Unarchive ${customerName}` }).click();
          await page.getByRole("button", { name: `Archive ${customerName}` }).waitFor();
          // The button comes back as the page's list refreshes; the server's answer is read until it agrees.
          await poll(async () => (await trpcQuery<{ archived: boolean }>(e2e, cookie, "customers.get", { id: customerId })).archived, (archived) => archived === false, "the customer's archived flag");
          await page.getByLabel("Show archived").uncheck();
        },
      ],
      [
        "preview an invoice of the logged time (dated lines, the tax rate, the organization's notes), create it, issue it and mark it paid",
        async () => {
          // 1 h 20 min billable (rounded up to 1 h 30 at €120/h = €180 + 19% tax) and 30 min not billable.
          const startedAt = new Date(Date.now() - 3 * 3600_000);
          const entries = [
            { clientSessionId: `e2e-${Date.now()}-1`, customerId, description: "Design review", startedAt: startedAt.toISOString(), durationSeconds: 4800, isBillable: true, source: "manual" },
            { clientSessionId: `e2e-${Date.now()}-2`, customerId, description: "Internal sync", startedAt: new Date(startedAt.getTime() + 5400_000).toISOString(), durationSeconds: 1800, isBillable: false, source: "manual" },
          ];
          const sync = await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries } });
          check(sync.status === 200, `time-log sync answered ${sync.status}`);

          await e2e.navigate(page, "Invoices");
          await page.getByText("No invoices yet.").waitFor();
          await page.getByRole("link", { name: "New invoice" }).click();
          await page.getByRole("heading", { level: 1, name: "New invoice" }).waitFor();
          await page.getByLabel("Customer").selectOption({ label: customerName });
          const line = page.getByRole("row").filter({ hasText: "Design review" });
          await line.waitFor();
          const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(startedAt);
          check((await line.textContent())?.includes(today), `the preview line reads ${await line.textContent()} (no date ${today})`);
          check((await page.getByTestId("invoice-total").textContent())?.includes("214.20"), `preview total is ${await page.getByTestId("invoice-total").textContent()}`);
          check((await page.getByTestId("invoice-tax-label").textContent()) === "Tax (19%)", `the tax line reads ${await page.getByTestId("invoice-tax-label").textContent()}`);
          check((await page.getByLabel("Notes").inputValue()) === "IBAN DE02 1203 0000 0000 2020 51", "the new invoice's notes do not start from the organization's");
          await fitsViewport(e2e, page);
          await e2e.shot(page, "13-invoice-preview", true);
          await page.getByRole("button", { name: "Create invoice" }).click();
          await page.getByRole("heading", { level: 1, name: "Invoice INV-0001" }).waitFor();
          invoiceId = new URL(page.url()).pathname.split("/").pop() ?? "";
          const document = page.getByRole("article", { name: "Invoice INV-0001" });
          for (const text of ["Studio Nord GmbH", "10119 Berlin", "VAT ID DE123456789", "Globex Austria GmbH", "1010 Wien", "VAT ID ATU12345678", "10 days after issue", "IBAN DE02"]) {
            await document.getByText(text).first().waitFor();
          }
          await e2e.shot(page, "14a-invoice-draft", true);
          const notesDialog = await e2e.openDialog(page, "Edit notes", "Notes of invoice INV-0001");
          await notesDialog.getByLabel("Notes").fill("IBAN DE02 1203 0000 0000 2020 51\nReverse charge: VAT to be accounted for by the recipient.");
          await notesDialog.getByRole("button", { name: "Save notes" }).click();
          await notesDialog.waitFor({ state: "detached" });
          await document.getByText("Reverse charge: VAT to be accounted for by the recipient.").waitFor();
          await page.getByRole("button", { name: "Mark as issued" }).click();
          await page.getByRole("button", { name: "Mark as paid" }).click();
          await page.getByText("Paid", { exact: true }).first().waitFor();
          await page.getByRole("button", { name: "Mark as paid" }).waitFor({ state: "detached" });
          check((await page.getByRole("button", { name: "Void" }).count()) === 0, "a paid invoice still offers Void");
          check((await page.getByRole("button", { name: "Edit notes" }).count()) === 0, "a paid invoice still offers Edit notes");
          const saved = await e2e.appRequest<{ status: string; totalCents: number; taxCents: number; taxRateBps: number; issueDate: string; dueDate: string; paymentTermsDays: number }>("GET", `/api/app/invoices/${invoiceId}`, { cookie });
          check(saved.data.status === "paid" && saved.data.totalCents === 21_420 && saved.data.taxCents === 3_420 && saved.data.taxRateBps === 1_900, `the API answers ${JSON.stringify(saved.data)}`);
          const due = new Date(`${saved.data.issueDate}T00:00:00Z`);
          due.setUTCDate(due.getUTCDate() + 10);
          check(saved.data.paymentTermsDays === 10 && saved.data.dueDate === due.toISOString().slice(0, 10), `issued ${saved.data.issueDate}, due ${saved.data.dueDate}`);
          const shown = (day: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
          check((await page.getByTestId("invoice-issue-date").textContent()) === shown(saved.data.issueDate), "the issue date is not shown");
          check((await page.getByTestId("invoice-due-date").textContent()) === shown(saved.data.dueDate), "the due date is not shown");
          await fitsViewport(e2e, page);
          await e2e.shot(page, "14-invoice", true);
        },
      ],
      [
        "the invoice's print layout (Print or save as PDF) keeps the document and drops the app around it",
        async () => {
          await page.emulateMedia({ media: "print" });
          try {
            const text = await page.evaluate(() => document.body.innerText);
            for (const part of ["Invoice INV-0001", "Studio Nord GmbH", "VAT ID DE123456789", "Globex Austria GmbH", "VAT ID ATU12345678", "Issue date", "Due date", "Tax (19%)", "Design review", "IBAN DE02"]) {
              check(text.includes(part), `the printed invoice lacks ${part}`);
            }
            check(!(await page.getByRole("button", { name: "Print or save as PDF" }).isVisible()), "the print layout shows the buttons");
            check(!(await page.getByRole("navigation", { name: "Main" }).isVisible()), "the print layout shows the navigation");
            // Paper: no sidebar strip or page tint around the document, in either theme.
            const paper = await page.evaluate(() => {
              const shell = document.getElementById("main")?.parentElement;
              return { body: getComputedStyle(document.body).backgroundColor, shell: shell ? getComputedStyle(shell).backgroundImage : "none" };
            });
            check(paper.body === "rgb(255, 255, 255)" && paper.shell === "none", `the print layout is not on white paper: ${JSON.stringify(paper)}`);
            await e2e.shot(page, "14b-invoice-print", true);
            const pdf = await page.pdf({ format: "A4" });
            check(pdf.subarray(0, 5).toString() === "%PDF-" && pdf.length > 10_000, `the PDF is ${pdf.length} bytes`);
          } finally {
            await page.emulateMedia({ media: "screen" });
          }
        },
      ],
      [
        "the invoice list shows number, customer, total and status",
        async () => {
          await e2e.navigate(page, "Invoices");
          const row = page.getByRole("row").filter({ hasText: "INV-0001" });
          await row.waitFor();
          for (const text of [customerName, "€214.20", "Paid"]) check((await row.textContent())?.includes(text), `the invoice row lacks ${text}`);
          await e2e.shot(page, "15-invoices");
        },
      ],
      [
        "the report shows the hours per customer, billable against non-billable",
        async () => {
          await e2e.navigate(page, "Reports");
          await page.getByTestId("report-total").filter({ hasText: "1:50" }).waitFor();
          // In the person's duration format (h:mm, the default); billed hours are the invoice's rounded 1:30.
          check((await page.getByTestId("report-billable").textContent()) === "1:20", "billable hours differ");
          check((await page.getByTestId("report-billed").textContent()) === "1:30", "billed hours differ");
          check((await page.getByTestId("report-non-billable").textContent()) === "0:30", "non-billable hours differ");
          await page.getByLabel("Group by", { exact: true }).selectOption("customer");
          const row = page.getByRole("table", { name: "Hours per customer" }).getByRole("row").filter({ hasText: customerName });
          await row.waitFor();
          const cells = (await row.getByRole("cell").allTextContents()).map((cell) => cell.trim());
          // 1 h 20 min billable, billed rounded up to 1 h 30 at €120/h, as its invoice line.
          check(cells.slice(0, 4).join(" | ") === `${customerName} | 1:50 | 1:20 | 1:30`, `the customer row reads ${cells.join(" | ")}`);
          check(cells[4]?.includes("180.00"), `the customer's amount reads ${cells[4]}`);
          await page.locator(".recharts-bar-rectangle").first().waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "16-reports", true);
        },
      ],
      [
        "a member sees no admin actions, no private contact, and manages customers only once an admin allows it",
        async () => {
          const email = `e2e-member-${Date.now()}-${e2e.viewport.name}@example.com`;
          const added = await e2e.appRequest("POST", "/api/app/members", { cookie, body: { email, password: PASSWORD, name: "Max Member", role: "member" } });
          check(added.status === 201, `adding a member answered ${added.status}`);
          const login = await e2e.appRequest("POST", "/api/app/auth/login", { body: { email, password: PASSWORD } });
          const member = await e2e.newPage();
          const sealed = login.cookie!;
          await member.context.addCookies([{ name: "tt_session", value: sealed.slice(sealed.indexOf("=") + 1), url: e2e.baseUrl }]);
          await member.page.goto(e2e.url(`/customers/${customerId}`));
          await member.page.getByRole("heading", { level: 1, name: customerName }).waitFor();
          await member.page.getByRole("region", { name: "Contact" }).getByText("Globex Austria GmbH").waitFor();
          check((await member.page.getByLabel("Hourly rate").count()) === 0, "a member is offered billing fields");
          check((await member.page.getByText("hank@globex.example").count()) === 0 && (await member.page.getByText("ATU12345678").count()) === 0, "a member sees the private contact or the VAT ID");
          check((await member.page.getByRole("link", { name: "New invoice" }).count()) === 0, "a member is offered New invoice");
          check((await member.page.getByRole("region", { name: "Edit customer" }).count()) === 0, "a member is offered Edit customer");
          check((await member.page.getByRole("button", { name: `Archive ${customerName}` }).count()) === 0, "a member is offered Archive");
          await member.page.goto(e2e.url("/customers"));
          await member.page.getByRole("link", { name: customerName }).waitFor();
          check((await member.page.getByRole("button", { name: "New customer" }).count()) === 0, "a member is offered New customer");
          const refusedArchive = await e2e.appRequest("POST", `/api/app/customers/${customerId}/archive`, { cookie: sealed });
          check(refusedArchive.status === 403, `the server let a member archive a customer (${refusedArchive.status})`);
          await member.page.goto(e2e.url("/invoices"));
          await member.page.getByText("Only admins can see and create invoices.").waitFor();
          await member.page.goto(e2e.url("/webhooks"));
          await member.page.getByText("Only admins can manage webhooks.").waitFor();
          check((await member.page.getByRole("button", { name: "Add endpoint" }).count()) === 0, "a member is offered Add endpoint");
          const refused = await e2e.appRequest("POST", `/api/app/invoices/${invoiceId}/void`, { cookie: sealed });
          check(refused.status === 403, `the server let a member void an invoice (${refused.status})`);

          // The admin lets members manage customers and projects (Settings), and the member can.
          await e2e.navigate(page, "Settings");
          const panel = page.getByRole("region", { name: "Customers and projects" });
          await panel.getByLabel("Members can add, change and archive customers and projects").check();
          await panel.getByRole("button", { name: "Save" }).click();
          await panel.getByText("Saved.").waitFor();
          await member.page.goto(e2e.url("/customers"));
          await member.page.getByRole("button", { name: "New customer" }).waitFor();
          await member.page.getByRole("button", { name: `Archive ${customerName}` }).waitFor();
          await member.page.goto(e2e.url(`/customers/${customerId}`));
          await member.page.getByRole("region", { name: "Edit customer" }).waitFor();
          check((await member.page.getByLabel("Hourly rate").count()) === 0 && (await member.page.getByLabel("Email").count()) === 0, "a member editing sees billing or private fields");
          await e2e.shot(member.page, "18-member-customer");
        },
      ],
    ]);
  },
};

export default flow;
