// Apps: a Pro admin registers an app in Settings → Developer apps and sees its secret once; another
// organization's admin opens the app's authorization link, reads the consent page (the app, its
// maker, each scope in words), allows by keyboard and lands on the redirect URI with a code.
import { createHash, randomBytes } from "node:crypto";
import { check, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "apps",
  async run(e2e) {
    const maker = await e2e.signedInPage({ prefix: "Maker", plan: "pro" });
    const redirectUri = e2e.url("/app-callback");
    let clientId = "";
    await e2e.flow("apps", [
      [
        "Settings links to Developer apps, where an admin registers an app and sees the secret once",
        async () => {
          const { page } = maker;
          await page.goto(e2e.url("/settings"));
          // The Apps panel is an admin's: it appears once the account is read.
          await page.getByRole("heading", { level: 2, name: "Apps", exact: true }).waitFor();
          await e2e.followLink(page, "Developer apps", "/settings/developer-apps");
          await page.getByRole("heading", { level: 1, name: "Developer apps" }).waitFor();
          await page.getByText("No apps yet.").waitFor();
          const dialog = await e2e.openDialog(page, "Register app", "Register an app");
          await dialog.getByLabel("Name").fill("Ledger Sync");
          await dialog.getByLabel("Redirect URIs").fill(redirectUri);
          await dialog.getByRole("checkbox", { name: "tasks:read" }).check();
          await dialog.getByRole("button", { name: "Register app" }).click();
          const shown = page.getByRole("dialog", { name: "Your new app" });
          await shown.getByRole("button", { name: "Copy client secret" }).waitFor();
          const secret = ((await shown.getByTestId("new-client-secret").textContent()) ?? "").trim();
          check(/^oas_[0-9a-f]{64}$/.test(secret), `the secret reads: ${secret}`);
          clientId = ((await shown.locator("code").first().textContent()) ?? "").trim();
          check(/^oa_[0-9a-f]{24}$/.test(clientId), `the client id reads: ${clientId}`);
          await e2e.shot(page, "85-developer-app-created");
          await shown.getByRole("button", { name: "Done" }).click();
          await page.getByTestId("developer-app-row").filter({ hasText: "Ledger Sync" }).waitFor();
        },
      ],
      [
        "another organization's admin sees the consent page and allows by keyboard; the browser lands on the redirect URI with a code",
        async () => {
          const { page } = await e2e.signedInPage({ prefix: "Installer", plan: "pro" });
          const verifier = randomBytes(32).toString("base64url");
          const url = new URL(e2e.url("/oauth/authorize"));
          url.search = new URLSearchParams({
            response_type: "code",
            client_id: clientId,
            redirect_uri: redirectUri,
            scope: "tasks:read",
            state: "xyz",
            code_challenge: createHash("sha256").update(verifier).digest("base64url"),
            code_challenge_method: "S256",
          }).toString();
          await page.goto(url.toString());
          await page.getByRole("heading", { name: "Install Ledger Sync?" }).waitFor();
          await page.getByText("Read tasks").waitFor();
          await page.getByText("Made by").waitFor();
          await e2e.shot(page, "85-consent", true);
          await page.getByRole("button", { name: "Allow" }).focus();
          await page.keyboard.press("Enter");
          await page.waitForURL((landed) => landed.pathname === "/app-callback");
          const landed = new URL(page.url());
          check(landed.searchParams.get("state") === "xyz", `state reads: ${landed.searchParams.get("state")}`);
          check((landed.searchParams.get("code") ?? "").length > 20, "no code on the redirect");
        },
      ],
    ]);
  },
};

export default flow;
