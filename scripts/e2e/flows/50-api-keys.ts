// API keys: on Free the page says why keys need Pro; on Pro an admin creates a key with scopes as
// checkboxes, sees it once, uses it, and revokes it after confirming.
import { check, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "api-keys",
  async run(e2e) {
    const { page } = await e2e.signedInPage({ prefix: "Keys" });
    let key = "";
    await e2e.flow("api-keys", [
      [
        "on Free the page explains that keys need Pro, and offers no Create key",
        async () => {
          await page.goto(e2e.url("/api-keys"));
          await page.getByText("API keys need the Pro plan.").waitFor();
          check((await page.getByRole("button", { name: "Create key" }).count()) === 0, "Create key is offered on Free");
          await e2e.shot(page, "40-api-keys-free");
        },
      ],
      [
        "Switch to Pro in Settings (go Pro)",
        async () => {
          await e2e.navigate(page, "Settings");
          await page.getByRole("button", { name: "Switch to Pro" }).click();
          await page.getByRole("button", { name: "Switch to Free" }).waitFor();
          check((await page.getByTestId("plan").textContent()) === "pro", "the plan did not change");
        },
      ],
      [
        "Create key without scopes is refused at the scopes",
        async () => {
          await e2e.navigate(page, "API keys");
          await page.getByRole("button", { name: "Create key" }).click();
          const dialog = page.getByRole("dialog", { name: "Create API key" });
          await dialog.getByLabel("Name").fill("Reporting");
          await dialog.getByRole("button", { name: "Create API key" }).click();
          await dialog.locator("fieldset[aria-invalid='true']").waitFor();
        },
      ],
      [
        "Create key with scopes shows the key once, with a copy button and a warning",
        async () => {
          const dialog = page.getByRole("dialog", { name: "Create API key" });
          await dialog.getByRole("group", { name: "tasks" }).getByRole("checkbox", { name: "tasks:read" }).check();
          await dialog.getByRole("checkbox", { name: "time-logs:read" }).check();
          await dialog.getByLabel("Requests per hour").fill("500");
          await dialog.getByRole("button", { name: "Create API key" }).click();
          const shown = page.getByRole("dialog", { name: "Your new API key" });
          await shown.getByText("It is shown only once").waitFor();
          await shown.getByRole("button", { name: "Copy key" }).waitFor();
          key = ((await shown.getByTestId("new-api-key").textContent()) ?? "").trim();
          check(/^sk_[0-9a-f]{64}$/.test(key), `unexpected key: ${key}`);
          await e2e.shot(page, "41-api-key-created");
          await shown.getByRole("button", { name: "Done" }).click();
          const row = page.getByTestId("api-key-row").filter({ hasText: "Reporting" });
          await row.waitFor();
          const text = (await row.textContent()) ?? "";
          check(text.includes("tasks:read") && text.includes("time-logs:read") && text.includes("500") && text.includes("Active") && !text.includes(key), `row: ${text}`);
          await e2e.shot(page, "42-api-keys-list");
        },
      ],
      [
        "the key works against the public API",
        async () => {
          const response = await fetch(e2e.url("/api/v1/tasks"), { headers: { authorization: `Bearer ${key}` } });
          check(response.status === 200, `GET /api/v1/tasks answered ${response.status}`);
        },
      ],
      [
        "Revoke asks first, then the key is refused",
        async () => {
          await page.getByRole("button", { name: "Revoke Reporting" }).click();
          const confirm = page.getByRole("alertdialog");
          await confirm.getByRole("button", { name: "Revoke key" }).click();
          await page.getByTestId("api-key-row").filter({ hasText: "Revoked" }).waitFor();
          const response = await fetch(e2e.url("/api/v1/tasks"), { headers: { authorization: `Bearer ${key}` } });
          check(response.status === 401, `a revoked key answered ${response.status}`);
        },
      ],
    ]);
  },
};

export default flow;
