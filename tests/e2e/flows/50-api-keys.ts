// API keys: on Free the page says why keys need Pro; on Pro an admin creates a key with scopes as
// checkboxes grouped under the resources' names in the app's words ("Projects", the scope strings the
// contract's), sees refusals in words at their fields with the focus on the first, sees the key once,
// uses it, and revokes it after confirming.
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
        "the scopes are grouped under the resources' names: Projects, never the API's word",
        async () => {
          await e2e.navigate(page, "API keys");
          const dialog = await e2e.openDialog(page, "Create key", "Create API key");
          const projects = dialog.getByRole("group", { name: "Projects", exact: true });
          await projects.getByRole("checkbox", { name: "constellations:read" }).waitFor();
          const headings = await dialog.locator("fieldset [role=group] > p").allInnerTexts();
          check(JSON.stringify(headings) === JSON.stringify(["Tasks", "Time logs", "Customers", "Projects", "Events", "Reports", "Audit log", "All resources"]), `scope headings read: ${headings.join(", ")}`);
          check(!/constellation/i.test(headings.join(" ")), "a scope heading says constellation");
        },
      ],
      [
        "Create key without a name or scopes is refused in words at both fields, the focus on the first",
        async () => {
          const dialog = page.getByRole("dialog", { name: "Create API key" });
          await dialog.getByLabel("Requests per hour").fill("0");
          await dialog.getByRole("button", { name: "Create API key" }).click();
          await dialog.locator("fieldset[aria-invalid='true']").waitFor();
          const name = dialog.getByLabel("Name");
          check((await name.getAttribute("aria-invalid")) === "true", "the Name field is not marked invalid");
          await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "name");
          const messages = await dialog.locator(".field-error").allInnerTexts();
          check(messages.includes("Enter a name for the key.") && messages.includes("Choose at least one scope."), `the messages read: ${messages.join(" | ")}`);
          check(messages.some((message) => message.startsWith("Enter a whole number of requests per hour")), `the rate's message reads: ${messages.join(" | ")}`);
          check(!messages.some((message) => /expected|invalid input|too small|too big|>=|<=/i.test(message)), `a message is a schema's text: ${messages.join(" | ")}`);
          await e2e.shot(page, "40-api-key-errors");
          await name.fill("Reporting");
          await dialog.getByLabel("Requests per hour").fill("1000");
          await dialog.getByRole("button", { name: "Create API key" }).click();
          await dialog.locator("fieldset[aria-invalid='true']").waitFor();
          // The first field in error is now the scopes: its first box has the focus.
          await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === "checkbox" && document.activeElement?.closest("fieldset")?.getAttribute("aria-invalid") === "true");
        },
      ],
      [
        "Create key with scopes shows the key once, with a copy button and a warning",
        async () => {
          const dialog = page.getByRole("dialog", { name: "Create API key" });
          await dialog.getByRole("group", { name: "Tasks", exact: true }).getByRole("checkbox", { name: "tasks:read" }).check();
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
