// What every browser flow gets: the running app, fresh signed-in pages at a chosen viewport, checks
// that report step by step, screenshots, and the app's navigation as a person uses it.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";

let signups = 0;
/** A loopback source address per sign-up (127.0.0.2 … 127.0.0.251), see appRequest. */
const nextSignupAddress = () => `127.0.0.${2 + (signups++ % 250)}`;

export const STEP_TIMEOUT_MS = 30_000;
export const PASSWORD = "orbit e2e password";

export interface Viewport {
  name: "desktop" | "phone";
  width: number;
  height: number;
}

export const VIEWPORTS: Viewport[] = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "phone", width: 375, height: 812 },
];

/** `-- --color-scheme dark`: pages render in the dark set (screenshots are named `…-dark.png`). */
const colorSchemeIndex = process.argv.indexOf("--color-scheme");
const COLOR_SCHEME: "light" | "dark" = colorSchemeIndex >= 0 && process.argv[colorSchemeIndex + 1] === "dark" ? "dark" : "light";

export interface Person {
  name: string;
  email: string;
  organizationName: string;
}

export interface SignedInPage {
  page: Page;
  context: BrowserContext;
  person: Person;
}

export type Step = [label: string, run: () => Promise<void>];

/** One flow module per area under tests/e2e/flows/; the runner runs each once per viewport. */
export interface E2EFlow {
  /** Names the flow in the report and in `--only <name>`. */
  name: string;
  run: (e2e: E2E) => Promise<void>;
}

export class CheckFailed extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Polls `read` until `done` holds (no fixed waits); answers the last value. */
export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    check(Date.now() < deadline, `${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface Tally {
  passed: number;
  failed: number;
  notRun: number;
}

export class E2E {
  private readonly contexts: BrowserContext[] = [];

  constructor(
    readonly baseUrl: string,
    readonly viewport: Viewport,
    private readonly browser: Browser,
    private readonly screenshotDir: string,
    private readonly tally: Tally,
    private readonly problems: { browserErrors: string[]; serverErrors: string[] },
  ) {}

  get isPhone(): boolean {
    return this.viewport.name === "phone";
  }

  url(pathname: string): string {
    return new URL(pathname, this.baseUrl).toString();
  }

  /** A browser context at this viewport that records script errors and 5xx answers; `timezoneId`: the browser's zone. */
  async newPage(options: { timezoneId?: string } = {}): Promise<{ page: Page; context: BrowserContext }> {
    const context = await this.browser.newContext({ viewport: { width: this.viewport.width, height: this.viewport.height }, colorScheme: COLOR_SCHEME, ...options });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    this.contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => this.problems.browserErrors.push(`${this.viewport.name}: ${error.message}`));
    // Failed requests are logged by the browser too; they are judged by status instead.
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) this.problems.browserErrors.push(`${this.viewport.name}: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 500) this.problems.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return { page, context };
  }

  newPerson(prefix: string): Person {
    const id = randomBytes(4).toString("hex");
    return { name: `${prefix} ${id}`, email: `e2e-${prefix.toLowerCase().replace(/\W+/g, "-")}-${id}@example.com`, organizationName: `${prefix} Co ${id}` };
  }

  /**
   * Calls an in-app route as `cookie`'s person (or nobody); answers the envelope's data. A sign-up
   * comes from a loopback address of its own (127.0.0.2, .3, …): the server throttles sign-ups per
   * client address, taken from the socket, and the walk-through makes more organizations than one
   * address may.
   */
  async appRequest<T = unknown>(method: string, pathname: string, options: { cookie?: string; body?: unknown } = {}): Promise<{ status: number; data: T; cookie?: string }> {
    const url = new URL(this.url(pathname));
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const localAddress = pathname === "/api/app/auth/signup" && /^127\./.test(url.hostname) ? nextSignupAddress() : undefined;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          localAddress,
          headers: { "content-type": "application/json", ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
        },
        resolve,
      );
      request.on("error", reject);
      request.end(body);
    });
    const text = Buffer.concat(await response.toArray()).toString("utf8");
    const json = ((): { data?: T } => {
      try {
        return JSON.parse(text) as { data?: T };
      } catch {
        return {};
      }
    })();
    const setCookie = [response.headers["set-cookie"] ?? []].flat().find((value) => value.startsWith("tt_session="));
    return { status: response.statusCode ?? 0, data: json.data as T, cookie: setCookie?.split(";")[0] };
  }

  /**
   * A new organization's admin, signed up through the app's route, in a fresh browser context at
   * this viewport (for flows that are not about signing up). `plan: "pro"` switches the plan too.
   */
  async signedInPage(options: { prefix: string; plan?: "free" | "pro" }): Promise<SignedInPage & { cookie: string }> {
    const person = this.newPerson(options.prefix);
    const signup = await this.appRequest("POST", "/api/app/auth/signup", { body: { ...person, password: PASSWORD } });
    check(signup.status === 201 && signup.cookie, `sign-up through the app route answered ${signup.status}`);
    const cookie = signup.cookie!;
    if (options.plan === "pro") {
      const plan = await this.appRequest("PUT", "/api/app/organization/plan", { cookie, body: { plan: "pro" } });
      check(plan.status === 200, `plan switch answered ${plan.status}`);
    }
    const { page, context } = await this.newPage();
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    await context.addCookies([{ name, value, url: this.baseUrl }]);
    return { page, context, person, cookie };
  }

  /** Follows a main-navigation link by its name, through the menu button on a phone. */
  async navigate(page: Page, linkName: string): Promise<void> {
    const nav = page.getByRole("navigation", { name: "Main" });
    if (this.isPhone) {
      const menu = page.getByRole("button", { name: "Open menu" });
      await menu.click();
    }
    await nav.getByRole("link", { name: linkName, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: linkName === "Timer" ? "Timer" : linkName }).waitFor();
  }

  /**
   * Picks `name` in the searchable picker `label` (inside `scope`), typing to search as a person does.
   * A click that lands before React has hydrated the page opens nothing: clicked again until it opens.
   */
  async pick(page: Page, scope: Locator | Page, label: string, name: string): Promise<void> {
    const search = page.getByRole("combobox", { name: `Search ${label.toLowerCase()}` });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await scope.getByRole("combobox", { name: label, exact: true }).click();
      if (await search.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    }
    await search.fill(name.slice(0, 6));
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await scope.getByRole("combobox", { name: label, exact: true }).filter({ hasText: name }).waitFor();
  }

  /**
   * Follows the link named `linkName` to `pathname`. A click that lands before React has hydrated the
   * page, or while a panel above it is still growing, goes nowhere: click again until the page moves.
   */
  async followLink(page: Page, linkName: string, pathname: string): Promise<void> {
    const arrived = () => new URL(page.url()).pathname === pathname;
    for (let attempt = 0; attempt < 5 && !arrived(); attempt += 1) {
      await page.getByRole("link", { name: linkName, exact: true }).click({ timeout: 5_000 }).catch(() => {});
      await page.waitForURL((url) => url.pathname === pathname, { timeout: 5_000 }).catch(() => {});
    }
    if (!arrived()) throw new Error(`the link "${linkName}" did not lead to ${pathname}; the page is ${page.url()}`);
  }

  /**
   * Opens the dialog named `dialogName` with the button named `buttonName`. A click that lands before
   * React has hydrated the page opens nothing, so the button is clicked again until the dialog shows.
   */
  async openDialog(page: Page, buttonName: string, dialogName = buttonName) {
    const dialog = page.getByRole("dialog", { name: dialogName });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByRole("button", { name: buttonName }).click();
      if (await dialog.waitFor({ timeout: 3_000 }).then(() => true, () => false)) return dialog;
    }
    await dialog.waitFor();
    return dialog;
  }

  /** A screenshot of the page's top (or the whole page), named for this viewport. */
  async shot(page: Page, name: string, fullPage = false): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(this.screenshotDir, `${name}-${this.viewport.name}${COLOR_SCHEME === "dark" ? "-dark" : ""}.png`), fullPage });
  }

  /** Runs steps in order, reporting each; after the first failure the rest cannot mean anything. */
  async flow(name: string, steps: Step[]): Promise<boolean> {
    for (const [index, [label, run]] of steps.entries()) {
      try {
        await run();
        this.tally.passed += 1;
        console.log(`  ok    [${this.viewport.name}] ${name}: ${label}`);
      } catch (error) {
        this.tally.failed += 1;
        this.tally.notRun += steps.length - index - 1;
        const message = (error instanceof Error ? error.message : String(error)).split("\n").join("\n        ");
        console.log(`  FAIL  [${this.viewport.name}] ${name}: ${label}\n        ${message}`);
        return false;
      }
    }
    return true;
  }

  async close(): Promise<void> {
    await Promise.all(this.contexts.map((context) => context.close().catch(() => {})));
  }
}

/** Text of an element found by test id, trimmed. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? "").trim();
}
