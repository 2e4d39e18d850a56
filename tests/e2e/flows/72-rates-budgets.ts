// Rates and budgets as an admin sets them: a member's billable and cost rate in Settings → Members (an
// amount that reads two ways refused, naming both readings), then a project's rate and an hours budget
// on the project page, whose burn bar reads as text; by keyboard where it matters, at every viewport.
import type { Page } from "playwright-core";
import { check, type E2E, type E2EFlow } from "../harness";

async function fitsViewport(e2e: E2E, page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
}

const flow: E2EFlow = {
  name: "rates-budgets",
  async run(e2e) {
    const { page } = await e2e.signedInPage({ prefix: "Rate" });
    const projectTitle = `Retainer ${e2e.viewport.name}`;
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
    ]);
  },
};

export default flow;
