// Single sign-on: an admin of a pro organization sets up its OpenID provider on Settings → Security
// (panva's oidc-provider, started here on loopback with its own login and consent pages); a new person
// signs in with SSO from the login page, at the provider's pages, and lands in the app as a member of
// that organization. With SSO required, the password form refuses a member of the domain; an email
// whose domain no organization has comes back to the login page with a message.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { startOidcProvider, type OidcProvider } from "../../harness/oidc-providers";
import { check, PASSWORD, type E2EFlow } from "../harness";

const COMPILE_TIMEOUT_MS = 300_000;

/** The login page's SSO way: chosen with its button (again until React has hydrated the page and it shows). */
async function chooseSso(page: Page): Promise<void> {
  const email = page.getByLabel("Work email");
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByRole("button", { name: "Sign in with SSO" }).click();
    if (await email.waitFor({ timeout: 3_000 }).then(() => true, () => false)) return;
  }
  await email.waitFor();
}

const flow: E2EFlow = {
  name: "sso",
  async run(e2e) {
    let provider: OidcProvider | undefined;
    try {
      provider = await startOidcProvider({ redirectUri: e2e.url("/api/app/auth/sso/callback"), devInteractions: true });
      const idp = provider;
      const { page, person: admin, cookie } = await e2e.signedInPage({ prefix: "Sol", plan: "pro" });
      const domain = `sso-${randomBytes(4).toString("hex")}.example`;
      const newcomer = `ada@${domain}`;
      const member = { name: "Pat Password", email: `pat@${domain}`, password: PASSWORD, role: "member" };
      await e2e.flow("sso", [
        [
          "the development server has compiled the pages this flow visits; a member of the domain has a password",
          async () => {
            for (const pathname of ["/settings/security", "/login", "/timer"]) await fetch(e2e.url(pathname), { signal: AbortSignal.timeout(COMPILE_TIMEOUT_MS) });
            const created = await e2e.appRequest("POST", "/api/app/members", { cookie, body: member });
            check(created.status === 201, `adding the member answered ${created.status}`);
          },
        ],
        [
          "the admin turns on single sign-on on Settings → Security, requiring it for the domain",
          async () => {
            await page.goto(e2e.url("/settings/security"), { timeout: COMPILE_TIMEOUT_MS });
            const sso = page.getByRole("region", { name: "Single sign-on" });
            await sso.getByRole("textbox", { name: "Issuer URL" }).fill(idp.issuer);
            await sso.getByRole("textbox", { name: "Client ID" }).fill(idp.clientId);
            await sso.getByLabel("Client secret").fill(idp.clientSecret);
            await sso.getByRole("textbox", { name: "Email domains" }).fill(domain);
            await sso.getByRole("checkbox", { name: "Require single sign-on for members of these domains" }).check();
            await sso.getByRole("button", { name: "Turn on single sign-on" }).click();
            await sso.getByRole("status").getByText("Single sign-on saved.").waitFor();
            await sso.getByText(e2e.url("/api/app/auth/sso/callback")).waitFor();
            await sso.getByRole("button", { name: "Save single sign-on" }).waitFor();
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
            await e2e.shot(page, "sso-01-settings", true);
          },
        ],
        [
          "a new person signs in with SSO at the provider's own pages and lands in the app as a member",
          async () => {
            const { page: login } = await e2e.newPage();
            await login.goto(e2e.url("/login"));
            await chooseSso(login);
            await login.getByLabel("Work email").fill(newcomer);
            await e2e.shot(login, "sso-02-login");
            await login.getByRole("button", { name: "Sign in with SSO" }).click();
            // oidc-provider's development login page: any login (the email it signs in) and password.
            await login.waitForURL((url) => url.origin === idp.issuer);
            await login.getByPlaceholder("Enter any login").fill(newcomer);
            await login.getByPlaceholder("and password").fill("anything");
            await e2e.shot(login, "sso-03-provider");
            await login.getByRole("button", { name: "Sign-in" }).click();
            await login.getByRole("button", { name: "Continue" }).click();
            await login.waitForURL((url) => url.pathname === "/timer");
            await login.getByRole("heading", { level: 1, name: "Timer" }).waitFor();
            const me = await login.request.get(e2e.url("/api/app/me"));
            const account = ((await me.json()) as { data: { user: { email: string }; role: string; organization: { name: string } } }).data;
            check(account.user.email === newcomer && account.role === "member" && account.organization.name === admin.organizationName, `signed in as ${JSON.stringify(account)}`);
            await e2e.shot(login, "sso-04-signed-in");
          },
        ],
        [
          "with SSO required, the password form refuses a member of the domain in words",
          async () => {
            const { page: login } = await e2e.newPage();
            await login.goto(e2e.url("/login"));
            await login.getByLabel("Email").fill(member.email);
            await login.getByLabel("Password").fill(member.password);
            await login.getByRole("button", { name: "Log in" }).click();
            await login.getByText("signs in with single sign-on").first().waitFor();
            check(new URL(login.url()).pathname === "/login", `the page went to ${login.url()}`);
            await e2e.shot(login, "sso-05-enforced");
          },
        ],
        [
          "an email whose domain no organization signs in with SSO comes back to the login page with a message",
          async () => {
            const { page: login } = await e2e.newPage();
            await login.goto(e2e.url("/login"));
            await chooseSso(login);
            await login.getByLabel("Work email").fill(`kim@no-sso-${randomBytes(4).toString("hex")}.example`);
            await login.getByRole("button", { name: "Sign in with SSO" }).click();
            await login.getByRole("alert").getByText("No organization signs in with single sign-on for that email's domain").waitFor();
            check(new URL(login.url()).pathname === "/login", `the page went to ${login.url()}`);
            await login.getByLabel("Work email").waitFor();
            await e2e.shot(login, "sso-06-no-organization");
          },
        ],
      ]);
    } finally {
      await provider?.close();
    }
  },
};

export default flow;
