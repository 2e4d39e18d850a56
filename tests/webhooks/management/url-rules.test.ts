// URL rules of contract 4.3 rule 1 and app-api section 5, through POST and PATCH /api/app/webhooks.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { resetEnvCache } from "@/env";
import { getDb } from "@/server/db";
import { createEndpoint, expectValidationError, stubDns, validEndpointBody } from "../../harness/webhook-endpoints";

const FORBIDDEN = "must not point to a loopback, private, link-local or reserved address";

let admin: SignedInUser;
beforeAll(async () => {
  admin = await signUpOrganization({ plan: "pro" });
});

let dnsStub: ReturnType<typeof stubDns>;
beforeEach(() => {
  dnsStub = stubDns({
    "private.example.com": ["10.20.30.40"],
    "loopback6.example.com": ["::1"],
    "metadata.example.com": ["169.254.169.254"],
    "mapped.example.com": ["::ffff:192.168.1.1"],
    "ula.example.com": ["fd00::1", "fd00::2"],
    "mixed.example.com": ["93.184.216.34", "172.16.0.5"],
    "public.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
  });
});
afterEach(() => dnsStub.restore());

async function endpointCount() {
  return (await getDb()).webhookEndpoint.count({ where: { organizationId: admin.organizationId } });
}

async function expectRejected(url: string, message: string) {
  const before = await endpointCount();
  const response = await admin.client.post("/api/app/webhooks", validEndpointBody({ url }));
  expectValidationError(response, ["url"]);
  expect(response.body.details[0].message).toBe(message);
  expect(await endpointCount()).toBe(before);
}

async function expectAccepted(url: string) {
  const response = await admin.client.post("/api/app/webhooks", validEndpointBody({ url }));
  expect(response.status, response.text).toBe(201);
  expect(response.body.data.url).toBe(url);
  await (await getDb()).webhookEndpoint.delete({ where: { id: response.body.data.id } });
}

/** Runs `body` with APP_ENV switched, restoring the test configuration afterwards. */
async function withAppEnv(appEnv: string, body: () => Promise<void>) {
  const previous = process.env.APP_ENV;
  process.env.APP_ENV = appEnv;
  resetEnvCache();
  try {
    await body();
  } finally {
    process.env.APP_ENV = previous;
    resetEnvCache();
  }
}

describe("literal addresses in forbidden ranges", () => {
  const table: Array<[string, string]> = [
    ["loopback IPv4", "https://127.0.0.1/hook"],
    ["loopback IPv4, end of range", "https://127.255.255.254/hook"],
    ["loopback IPv4, decimal", "https://2130706433/hook"],
    ["loopback IPv4, hex short", "https://0x7f.1/hook"],
    ["loopback IPv4, hex", "https://0x7f000001/hook"],
    ["loopback IPv4, short", "https://127.1/hook"],
    ["loopback IPv4, octal", "https://0177.0.0.1/hook"],
    ["loopback IPv6", "https://[::1]/hook"],
    ["loopback IPv6, long form", "https://[0:0:0:0:0:0:0:1]/hook"],
    ["loopback IPv4-mapped", "https://[::ffff:127.0.0.1]/hook"],
    ["loopback IPv4-mapped, hex", "https://[::ffff:7f00:1]/hook"],
    ["loopback IPv4-compatible", "https://[::127.0.0.1]/hook"],
    ["unspecified IPv4", "https://0.0.0.0/hook"],
    ["unspecified IPv4, zero", "https://0/hook"],
    ["unspecified IPv6", "https://[::]/hook"],
    ["private 10/8", "https://10.0.0.1/hook"],
    ["private 10/8, octal", "https://012.1.2.3/hook"],
    ["private 10/8, mapped", "https://[::ffff:10.0.0.1]/hook"],
    ["private 10/8, mapped hex", "https://[::ffff:a00:1]/hook"],
    ["private 172.16/12", "https://172.16.0.1/hook"],
    ["private 172.16/12, end", "https://172.31.255.254/hook"],
    ["private 172.16/12, mapped", "https://[::ffff:172.20.0.1]/hook"],
    ["private 192.168/16", "https://192.168.1.1/hook"],
    ["private 192.168/16, decimal", "https://3232235777/hook"],
    ["private 192.168/16, mapped", "https://[::ffff:c0a8:101]/hook"],
    ["private IPv6 fc00::/7", "https://[fc00::1]/hook"],
    ["private IPv6 fd00::/8", "https://[fd12:3456::1]:8443/hook"],
    ["link-local 169.254/16", "https://169.254.1.1/hook"],
    ["link-local metadata", "https://169.254.169.254/latest/meta-data/"],
    ["link-local, mapped", "https://[::ffff:169.254.169.254]/hook"],
    ["link-local IPv6", "https://[fe80::1]/hook"],
    ["link-local IPv6, end of fe80::/10", "https://[febf::1]/hook"],
    ["CGNAT 100.64/10", "https://100.64.0.1/hook"],
    ["multicast IPv4", "https://224.0.0.1/hook"],
    ["multicast IPv6", "https://[ff02::1]/hook"],
    ["broadcast", "https://255.255.255.255/hook"],
    ["reserved 240/4", "https://240.0.0.1/hook"],
    ["documentation TEST-NET-1", "https://192.0.2.10/hook"],
    ["documentation IPv6", "https://[2001:db8::1]/hook"],
    ["benchmarking", "https://198.18.0.1/hook"],
    ["NAT64 of private", "https://[64:ff9b::10.0.0.1]/hook"],
    ["NAT64 of loopback, hex", "https://[64:ff9b::7f00:1]/hook"],
    ["6to4 of loopback", "https://[2002:7f00:1::1]/hook"],
    ["6to4 of private", "https://[2002:c0a8:101::1]/hook"],
  ];
  it.each(table)("rejects %s (%s)", async (_label, url) => {
    await expectRejected(url, FORBIDDEN);
    expect(dnsStub.calls).toEqual([]);
  });

  it.each([
    ["public IPv4", "https://8.8.8.8/hook"],
    ["public IPv6", "https://[2606:4700:4700::1111]/hook"],
    ["public IPv4-mapped", "https://[::ffff:8.8.8.8]/hook"],
    ["edge of 172.16/12", "https://172.32.0.1/hook"],
    ["edge of CGNAT", "https://100.128.0.1/hook"],
  ])("accepts %s (%s)", async (_label, url) => {
    const response = await admin.client.post("/api/app/webhooks", validEndpointBody({ url }));
    expect(response.status, response.text).toBe(201);
    await (await getDb()).webhookEndpoint.delete({ where: { id: response.body.data.id } });
  });
});

describe("scheme, credentials, length and localhost names", () => {
  it.each([
    ["http://example.com/hook", "must use https"],
    ["HTTP://example.com/hook", "must use https"],
    ["ftp://example.com/hook", "must use https"],
    ["javascript:alert(1)", "must use https"],
    ["example.com/hook", "must be an absolute URL"],
    ["https://", "must be an absolute URL"],
    ["https://user:pass@example.com/hook", "must not contain a user name or password"],
    ["https://token@example.com/hook", "must not contain a user name or password"],
    ["https://localhost/hook", FORBIDDEN],
    ["https://localhost:8443/hook", FORBIDDEN],
    ["https://LocalHost./hook", FORBIDDEN],
    ["https://app.localhost/hook", FORBIDDEN],
    ["http://localhost/hook", "must use https"],
    ["http://localhost:3000/hook", "must use https"],
    ["http://127.0.0.1:8080/hook", "must use https"],
  ])("rejects %s", async (url, message) => {
    await expectRejected(url, message);
  });

  it("accepts up to 2,048 characters and rejects one more", async () => {
    const base = "https://hooks.example.com/";
    await expectAccepted(base + "p".repeat(2048 - base.length));
    const tooLong = await admin.client.post("/api/app/webhooks", validEndpointBody({ url: base + "p".repeat(2049 - base.length) }));
    expectValidationError(tooLong, ["url"]);
    expect(tooLong.body.details[0].message).toBe("must be at most 2048 characters");
  });

  it("stores the URL as given, surrounding whitespace trimmed", async () => {
    const endpoint = await createEndpoint(admin, { url: "  https://Hooks.Example.com/Path?q=1  " });
    expect(endpoint.url).toBe("https://Hooks.Example.com/Path?q=1");
    await (await getDb()).webhookEndpoint.delete({ where: { id: endpoint.id } });
  });
});

describe("names resolved at registration", () => {
  it.each([
    ["private.example.com", "to 10/8"],
    ["loopback6.example.com", "to ::1"],
    ["metadata.example.com", "to the metadata address"],
    ["mapped.example.com", "to an IPv4-mapped private address"],
    ["ula.example.com", "to unique-local IPv6 only"],
    ["mixed.example.com", "to a public and a private address"],
  ])("rejects %s (resolves %s)", async (host) => {
    await expectRejected(`https://${host}/hook`, FORBIDDEN);
    expect(dnsStub.calls).toEqual([host]);
  });

  it("accepts a name resolving to public addresses", async () => {
    await expectAccepted("https://public.example.com/hook");
    expect(dnsStub.calls).toEqual(["public.example.com"]);
  });

  it("accepts a name that does not resolve (DNS can be down)", async () => {
    await expectAccepted("https://not-live-yet.example.com/hook");
    expect(dnsStub.calls).toEqual(["not-live-yet.example.com"]);
  });

  it("accepts an unresolvable name with the real resolver too", async () => {
    dnsStub.restore();
    await expectAccepted("https://orbit-receiver.invalid/hook");
  });

  it("checks the new URL on PATCH and leaves the endpoint unchanged when it is refused", async () => {
    const endpoint = await createEndpoint(admin, { url: "https://public.example.com/a" });
    for (const url of ["https://private.example.com/b", "https://[::ffff:7f00:1]/b", "http://public.example.com/b", "https://localhost/b"]) {
      expectValidationError(await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { url }), ["url"]);
    }
    expect((await (await getDb()).webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).url).toBe("https://public.example.com/a");
    const moved = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { url: "https://not-live-yet.example.com/c" });
    expect(moved.status).toBe(200);
    expect(moved.body.data.url).toBe("https://not-live-yet.example.com/c");
    await (await getDb()).webhookEndpoint.delete({ where: { id: endpoint.id } });
  });
});

describe("the development exception", () => {
  it("accepts http://localhost and http://127.0.0.1 on any port when APP_ENV=development, without a lookup", async () => {
    await withAppEnv("development", async () => {
      for (const url of ["http://localhost/hook", "http://localhost:4000/hook", "http://127.0.0.1:8080/x", "http://127.0.0.1/"]) await expectAccepted(url);
    });
    expect(dnsStub.calls).toEqual([]);
  });

  it("still rejects https://localhost, https://127.0.0.1, other loopback forms and private hosts in development", async () => {
    await withAppEnv("development", async () => {
      await expectRejected("https://localhost/hook", FORBIDDEN);
      await expectRejected("https://127.0.0.1/hook", FORBIDDEN);
      await expectRejected("https://[::1]/hook", FORBIDDEN);
      await expectRejected("https://private.example.com/hook", FORBIDDEN);
      await expectRejected("http://[::1]:4000/hook", "must use https (or http://localhost in development)");
      await expectRejected("http://10.0.0.1/hook", "must use https (or http://localhost in development)");
      await expectRejected("http://example.com/hook", "must use https (or http://localhost in development)");
    });
  });

  it("rejects http://localhost in production as in test", async () => {
    await withAppEnv("production", async () => {
      await expectRejected("http://localhost:4000/hook", "must use https");
      await expectRejected("http://127.0.0.1:4000/hook", "must use https");
    });
    await expectRejected("http://localhost:4000/hook", "must use https");
  });
});
