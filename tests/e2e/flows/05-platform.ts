// The platform edge over the started server: the Origin check at each address the app is reached by,
// and the headers every page and API response carries.
import { request as httpRequest } from "node:http";
import { check, STEP_TIMEOUT_MS, type E2EFlow } from "../harness";

/** A POST over a raw socket, so the Host header can name any address the server might be reached by. */
function postWithHost(url: string, pathname: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: target.hostname, port: target.port, path: pathname, method: "POST", headers: { "content-length": "0", ...headers }, timeout: STEP_TIMEOUT_MS },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`POST ${pathname} timed out`)));
    request.on("error", reject);
    request.end();
  });
}

const flow: E2EFlow = {
  name: "platform",
  async run(e2e) {
    if (e2e.viewport.name !== "desktop") return;
    const base = e2e.url("/");
    const port = new URL(base).port;
    await e2e.flow("platform", [
      [
        "mutations pass the Origin check at localhost, 127.0.0.1 and a LAN address, and foreign origins are refused",
        async () => {
          const cases: [string, Record<string, string>, number][] = [
            ["localhost", { host: `localhost:${port}`, origin: `http://localhost:${port}` }, 200],
            ["127.0.0.1", { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` }, 200],
            ["a LAN address", { host: `192.168.1.20:${port}`, origin: `http://192.168.1.20:${port}` }, 200],
            ["a foreign origin", { host: `127.0.0.1:${port}`, origin: "https://evil.example" }, 403],
            ["another port", { host: `127.0.0.1:${port}`, origin: "http://127.0.0.1:1" }, 403],
            ["an untrusted X-Forwarded-Host", { host: `127.0.0.1:${port}`, "x-forwarded-host": "evil.example", origin: "http://evil.example" }, 403],
          ];
          for (const [label, headers, expected] of cases) {
            const status = await postWithHost(base, "/api/app/auth/logout", headers);
            check(status === expected, `${label}: POST /api/app/auth/logout answered ${status}, expected ${expected}`);
          }
        },
      ],
      [
        "pages and API responses carry the security headers and a request id",
        async () => {
          for (const pathname of ["/", "/docs/api", "/api/app/me", "/api/app/no-such-route"]) {
            const response = await fetch(e2e.url(pathname));
            check((response.headers.get("content-security-policy") ?? "").includes("frame-ancestors 'none'"), `${pathname}: no CSP with frame-ancestors 'none'`);
            check(response.headers.get("x-content-type-options") === "nosniff", `${pathname}: no X-Content-Type-Options`);
            check(response.headers.get("referrer-policy") !== null, `${pathname}: no Referrer-Policy`);
            check(/^[\w.:-]{8,}$/.test(response.headers.get("x-request-id") ?? ""), `${pathname}: no X-Request-Id`);
          }
          const unknown = await fetch(e2e.url("/api/app/no-such-route"));
          check(unknown.status === 404 && ((await unknown.json()) as { error?: string }).error === "not_found", "an unknown in-app route is not the 404 envelope");
        },
      ],
    ]);
  },
};

export default flow;
