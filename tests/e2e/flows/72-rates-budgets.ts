// Rates and budgets as an admin sets them: a member's billable and cost rate in Settings → Members (an
// amount that reads two ways refused, naming both readings), then a project's rate and an hours budget
// on the project page, whose burn bar reads as text; a EUR customer's project takes and shows its
// amounts in euros; by keyboard where it matters, at every viewport.
import type { Page } from "playwright-core";
import { check, type E2E, type E2EFlow } from "../harness";

async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

const flow: E2EFlow = {
  name: "rates-budgets",
  async run(e2e) {
    const { page, cookie } = await e2e.signedInPage({ prefix: "Rate" });
    const projectTitle = `Retainer ${e2e.viewport.name}`;
    /** The EUR customer and its project, made in one step and reported on in the next. */
    let customer = { id: "" };
    let project = { id: "", title: "" };
    await e2e.flow("rates-budgets", [
      [
        "an admin sets their own rates in Settings → Members; an ambiguous amount is refused naming both readings",
        async () => {
          await page.goto(e2e.url("/timer"));
          await e2e.navigate(page, "Settings");
          const rates = page.getByRole("button", { name: /^Rates of / }).first();
          await rates.waitFor();
          await rates.focus();
          await page.keyboard.press("Enter");
          const dialog = page.getByRole("dialog", { name: /^Rates of / });
          await dialog.getByLabel("Billable rate").fill("1,200");
          await dialog.getByLabel("Cost rate").fill("45,50");
          await dialog.getByRole("button", { name: "Save rates" }).click();
          await dialog.getByText("Is it 1.2 or 1200? Write 1.20 or 1200.").waitFor();
          await dialog.getByLabel("Billable rate").fill("120");
          await dialog.getByRole("button", { name: "Save rates" }).click();
          await dialog.waitFor({ state: "detached" });
          await fitsViewport(e2e, page);
          await e2e.shot(page, "10-member-rates");
        },
      ],
      [
        "a project's rate and hours budget are saved on its page, and the burn bar reads as text",
        async () => {
          await e2e.navigate(page, "Projects");
          await page.getByRole("button", { name: "New project" }).click();
          const dialog = page.getByRole("dialog", { name: "New project" });
          await dialog.getByLabel("Title").fill(projectTitle);
          await dialog.getByRole("button", { name: "Create project" }).click();
          await dialog.waitFor({ state: "detached" });
          await page.getByRole("link", { name: projectTitle }).click();
          await page.getByText("No budget set for this project.").waitFor();
          await page.getByLabel("Project hourly rate").fill("150,50");
          await page.getByLabel("Budget kind").selectOption("hours");
          await page.getByLabel("Budget hours").fill("37,5");
          await page.getByLabel("Budget period").selectOption("monthly");
          await page.getByRole("button", { name: "Save rate and budget" }).click();
          const bar = page.getByRole("progressbar", { name: "Budget spent" });
          await bar.waitFor();
          const text = await bar.getAttribute("aria-valuetext");
          check(text === "0.0 h of 37.5 h this month (0%)", `the burn bar reads "${text}"`);
          const shownRate = await page.getByLabel("Project hourly rate").inputValue();
          check(shownRate === "150.50", `the project rate reads "${shownRate}" after saving`);
          await fitsViewport(e2e, page);
          await e2e.shot(page, "11-project-budget", true);
        },
      ],
      [
        "a EUR customer's project shows € beside its amounts; a rate typed as 120,50 reads back as 120.50 €",
        async () => {
          const trpc = async (procedure: string, input: object) => {
            const response = await fetch(e2e.url(`/api/trpc/${procedure}`), { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(input) });
            check(response.status === 200, `${procedure} answered ${response.status}`);
            return ((await response.json()) as { result: { data: { id: string } } }).result.data;
          };
          customer = await trpc("customers.createWithBilling", { name: `Kunde ${e2e.viewport.name}`, currency: "EUR", hourlyRateCents: 10_000 });
          project = { ...(await trpc("constellations.create", { title: `Relaunch EUR ${e2e.viewport.name}`, customerId: customer.id })), title: `Relaunch EUR ${e2e.viewport.name}` };
          await page.goto(e2e.url(`/projects/${project.id}`));
          const rate = page.getByLabel("Project hourly rate");
          await rate.waitFor();
          const sign = page.getByTestId("currency-sign").first();
          check((await sign.textContent()) === "€ EUR", `the rate field's currency reads "${await sign.textContent()}"`);
          await rate.fill("120,50");
          await page.getByLabel("Budget kind").selectOption("amount");
          await page.getByLabel("Budget amount").fill("5.000,00");
          await page.getByRole("button", { name: "Save rate and budget" }).click();
          const bar = page.getByRole("progressbar", { name: "Budget spent" });
          await bar.waitFor();
          const text = (await bar.getAttribute("aria-valuetext")) ?? "";
          check(/^€0\.00 of €5,000\.00 in total \(0%\)$/.test(text), `the burn bar reads "${text}"`);
          check((await rate.inputValue()) === "120.50", `the project rate reads "${await rate.inputValue()}" after saving`);
          check((await page.getByLabel("Budget amount").inputValue()) === "5000.00", `the budget reads "${await page.getByLabel("Budget amount").inputValue()}"`);

          await page.getByLabel("Member", { exact: true }).selectOption({ index: 1 });
          await page.getByLabel("Member hourly rate").fill("95,5");
          await page.getByRole("button", { name: "Set member rate" }).click();
          await page.getByText(/: €95\.50 an hour$/).waitFor();
          await fitsViewport(e2e, page);
          await e2e.shot(page, "12-project-budget-eur", true);
        },
      ],
      [
        "Reports by project show the EUR budget spent and left, at the member's project rate",
        async () => {
          const entries = [{ clientSessionId: `e2e-eur-${e2e.viewport.name}-${Date.now()}`, customerId: customer.id, constellationId: project.id, startedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), durationSeconds: 3600, isBillable: true, source: "manual" }];
          const synced = await e2e.appRequest("POST", "/api/app/time-logs/sync", { cookie, body: { entries } });
          check(synced.status === 200, `logging time answered ${synced.status}`);
          await page.goto(e2e.url("/reports?range=last_30_days&groupBy=project"));
          const row = page.getByRole("row").filter({ hasText: project.title });
          await row.getByText("€95.50 of €5,000.00 in total, €4,904.50 left").waitFor();
          await e2e.shot(page, "13-report-budget-eur", true);
          await fitsViewport(e2e, page);
        },
      ],
    ]);
  },
};

export default flow;
