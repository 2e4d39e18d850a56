// Settings → Security: two-factor set up with a code computed here by a TOTP library (as an
// authenticator app would), recovery codes shown once, the sessions list, then signing out and in
// again with the password and a code.
import { Secret, TOTP } from "otpauth";
import { check, PASSWORD, textOf, type E2EFlow } from "../harness";

const COMPILE_TIMEOUT_MS = 300_000;

/** The 6-digit code of the step `offset` steps from now. */
const codeFor = (secret: string, offset = 0) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

const flow: E2EFlow = {
  name: "security",
  async run(e2e) {
    const { page, person } = await e2e.signedInPage({ prefix: "Sasha" });
    let secret = "";
    await e2e.flow("security", [
      [
        "the development server has compiled the pages this flow visits",
        async () => {
          // The first request for a page compiles it; on a busy machine that outlasts a step's timeout.
          for (const pathname of ["/settings/security", "/settings", "/timer", "/login"]) await fetch(e2e.url(pathname), { signal: AbortSignal.timeout(COMPILE_TIMEOUT_MS) });
          await page.goto(e2e.url("/settings/security"), { timeout: COMPILE_TIMEOUT_MS });
        },
      ],
      [
        "Settings links to Security, which sets two-factor up with a QR code and a typed secret",
        async () => {
          await page.goto(e2e.url("/settings"));
          await e2e.followLink(page, "Security settings", "/settings/security");
          await page.getByRole("heading", { level: 1, name: "Security" }).waitFor();
          await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
          await page.getByRole("img", { name: "QR code to scan with your authenticator app" }).waitFor();
          secret = (await textOf(page, "two-factor-secret")).trim();
          check(/^[A-Z2-7]{32}$/.test(secret), `the secret reads ${secret}`);
          await e2e.shot(page, "01-security-setup");
        },
      ],
      [
        "a wrong code is explained at its field; the right one turns it on and shows ten recovery codes once",
        async () => {
          const code = page.getByLabel("Code from the app");
          await code.fill(codeFor(secret, 5));
          await page.getByRole("button", { name: "Turn on two-factor" }).click();
          await page.locator(".field-error").first().waitFor();
          await code.fill(codeFor(secret));
          await code.press("Enter");
          const codes = page.getByRole("list", { name: "Recovery codes" });
          await codes.waitFor();
          check((await codes.getByRole("listitem").count()) === 10, "ten recovery codes are shown");
          await page.getByRole("button", { name: "Download codes" }).waitFor();
          await e2e.shot(page, "02-recovery-codes");
          await page.getByRole("button", { name: "I saved them" }).click();
          await page.getByRole("button", { name: "Turn off two-factor" }).waitFor();
        },
      ],
      [
        "the sessions list names this device",
        async () => {
          const sessions = page.getByRole("table", { name: "Signed-in sessions" });
          await sessions.getByText("This device").waitFor();
          await page.getByRole("button", { name: "Sign out everywhere else" }).waitFor();
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          check(width <= e2e.viewport.width, `the page is ${width}px wide at a ${e2e.viewport.width}px viewport`);
          await e2e.shot(page, "03-sessions", true);
        },
      ],
      [
        "after logging out, the login asks for the code after the password, and the code signs in",
        async () => {
          if (e2e.isPhone) await page.getByRole("button", { name: "Open menu" }).click();
          await page.getByRole("button", { name: "Log out" }).click();
          await page.waitForURL((url) => url.pathname === "/login");
          await page.getByLabel("Email").fill(person.email);
          await page.getByLabel("Password").fill(PASSWORD);
          await page.getByRole("button", { name: "Log in" }).click();
          const code = page.getByLabel("Code from your authenticator app");
          await code.waitFor();
          await page.getByRole("button", { name: "Use a recovery code" }).waitFor();
          await e2e.shot(page, "04-login-code");
          // The enabling code's step was used: the next one is the authenticator's next code.
          await code.fill(codeFor(secret, 1));
          await page.getByRole("button", { name: "Log in" }).click();
          await page.waitForURL((url) => url.pathname === "/timer");
        },
      ],
    ]);
  },
};

export default flow;
