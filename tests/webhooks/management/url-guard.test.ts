// The webhook URL guard on its own: address ranges, URL rules at registration, the send-time check.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/server/errors";
import {
  assertRegistrableUrl,
  checkRegistrableUrl,
  isForbiddenAddress,
  registrableUrlProblem,
  RefusedDestinationError,
  resolveDeliverableAddresses,
  type HostLookup,
  type ResolvedAddress,
} from "@/server/webhooks/url-guard";

const familyOf = (address: string): 4 | 6 => (address.includes(":") ? 6 : 4);

/** A resolver answering fixed addresses per name; other names fail like NXDOMAIN. */
function fakeLookup(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: familyOf(address) }));
  };
  return Object.assign(lookup, { calls });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

function expectUrlValidationError(error: unknown) {
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe("validation_error");
  expect(appError.status).toBe(400);
  expect(appError.details).toEqual([{ field: "url", message: expect.any(String) }]);
}

/** Send time refuses with an attempt outcome, not an HTTP error. */
function expectRefusedDestination(error: unknown) {
  expect(error).toBeInstanceOf(RefusedDestinationError);
  expect((error as Error).message).toMatch(/^destination refused: Webhook URL /);
}

describe("isForbiddenAddress", () => {
  const forbidden: Array<[string, string]> = [
    ["0.0.0.0", "unspecified"],
    ["0.255.255.255", "this network, last"],
    ["10.0.0.0", "private 10/8, first"],
    ["10.123.45.67", "private 10/8"],
    ["10.255.255.255", "private 10/8, last"],
    ["100.64.0.0", "CGNAT, first"],
    ["100.127.255.255", "CGNAT, last"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback, end of 127/8"],
    ["169.254.0.1", "link-local"],
    ["169.254.169.254", "link-local, cloud metadata"],
    ["172.16.0.0", "private 172.16/12, first"],
    ["172.20.1.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12, last"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "TEST-NET-1"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["192.168.0.1", "private 192.168/16"],
    ["192.168.255.255", "private 192.168/16, last"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking, last"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast SSDP"],
    ["240.0.0.1", "reserved 240/4"],
    ["255.255.255.255", "broadcast"],
    ["::", "IPv6 unspecified"],
    ["::1", "IPv6 loopback"],
    ["0:0:0:0:0:0:0:1", "IPv6 loopback, long form"],
    ["[::1]", "IPv6 loopback, bracketed"],
    ["fc00::1", "unique local fc00::/7"],
    ["fd12:3456:789a::1", "unique local fd00::/8"],
    ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique local, last"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["febf:ffff::1", "link-local, end of fe80::/10"],
    ["fec0::1", "deprecated site-local"],
    ["ff02::1", "multicast"],
    ["100::1", "discard-only"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:a00:1", "IPv4-mapped private, hex"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["0:0:0:0:0:ffff:169.254.169.254", "IPv4-mapped metadata, long form"],
    ["::ffff:0:10.0.0.1", "IPv4-translated private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback, hex"],
    ["::8.8.8.8", "IPv4-compatible (deprecated) even when public"],
    ["64:ff9b::10.0.0.1", "NAT64 of private"],
    ["64:ff9b::7f00:1", "NAT64 of loopback, hex"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of link-local"],
    ["64:ff9b:1::1", "local-use NAT64"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["2002:a00:1:1::1", "6to4 of 10.0.0.1"],
    ["2001::1", "Teredo"],
    ["2001:2::1", "IPv6 benchmarking"],
    ["2001:db8::1", "IPv6 documentation"],
    ["3fff::1", "IPv6 documentation 3fff::/20"],
    ["2130706433", "decimal IPv4 loopback"],
    ["0x7f.1", "hex IPv4 loopback, short"],
    ["0x7f000001", "hex IPv4 loopback"],
    ["127.1", "short IPv4 loopback"],
    ["0177.0.0.1", "octal IPv4 loopback"],
    ["012.0.0.1", "octal 10.0.0.1"],
    ["3232235777", "decimal 192.168.1.1"],
    ["example.com", "not an IP address: fail closed"],
    ["", "empty: fail closed"],
    ["999.1.1.1", "invalid IPv4: fail closed"],
  ];
  it.each(forbidden)("forbids %s (%s)", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  const allowed: Array<[string, string]> = [
    ["1.1.1.1", "public"],
    ["8.8.8.8", "public"],
    ["93.184.216.34", "public"],
    ["1.0.0.0", "just after 0/8"],
    ["9.255.255.255", "just before 10/8"],
    ["11.0.0.0", "just after 10/8"],
    ["100.63.255.255", "just before CGNAT"],
    ["100.128.0.0", "just after CGNAT"],
    ["126.255.255.255", "just before loopback"],
    ["128.0.0.0", "just after loopback"],
    ["169.253.255.255", "just before link-local"],
    ["169.255.0.0", "just after link-local"],
    ["172.15.255.255", "just before 172.16/12"],
    ["172.32.0.0", "just after 172.16/12"],
    ["192.167.255.255", "just before 192.168/16"],
    ["192.169.0.0", "just after 192.168/16"],
    ["198.17.255.255", "just before benchmarking"],
    ["198.20.0.0", "just after benchmarking"],
    ["223.255.255.255", "last unicast before multicast"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2001:4860:4860::8888", "public IPv6"],
    ["2001:200::1", "public IPv6 just after 2001::/23"],
    ["[2a00:1450:4001:80b::200e]", "public IPv6, bracketed"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
    ["::ffff:808:808", "IPv4-mapped public, hex"],
    ["64:ff9b::8.8.8.8", "NAT64 of public"],
    ["2002:808:808::1", "6to4 of public"],
    ["134744072", "decimal 8.8.8.8"],
  ];
  it.each(allowed)("allows %s (%s)", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe("assertRegistrableUrl (no network)", () => {
  const rejectedEverywhere: Array<[string, string]> = [
    ["http://example.com/hook", "must use https"],
    ["ftp://example.com/hook", "must use https"],
    ["ws://example.com/hook", "must use https"],
    ["not a url", "must be an absolute URL"],
    ["/relative/path", "must be an absolute URL"],
    ["https://user:secret@example.com/hook", "must not contain a user name or password"],
    ["https://user@example.com/hook", "must not contain a user name or password"],
    [`https://example.com/${"a".repeat(2048)}`, "must be at most 2048 characters"],
    ["https://localhost/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://LOCALHOST.:8443/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://api.localhost/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://127.0.0.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://2130706433/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://0x7f.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://127.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://0177.0.0.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://0/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://%31%32%37.0.0.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://0x7f.0x0.0x0.0x1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://127.000.000.001/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://\uff4c\uff4f\uff43\uff41\uff4c\uff48\uff4f\uff53\uff54/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://127.0.0.1%2f@example.com/hook", "must not contain a user name or password"],
    ["https://10.0.0.1/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://169.254.169.254/latest/meta-data", "must not point to a loopback, private, link-local or reserved address"],
    ["https://[::1]/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://[::ffff:127.0.0.1]/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://[fd00::1]:8443/hook", "must not point to a loopback, private, link-local or reserved address"],
    ["https://[fe80::1]/hook", "must not point to a loopback, private, link-local or reserved address"],
  ];

  it.each(rejectedEverywhere)("rejects %s in test and development", (raw, message) => {
    for (const appEnv of ["test", "production"]) {
      expect(registrableUrlProblem(raw, { appEnv })).toBe(message);
    }
    const development = registrableUrlProblem(raw, { appEnv: "development" });
    expect(development).not.toBeNull();
    if (message !== "must use https") expect(development).toBe(message);
  });

  it("throws validation_error on field url", () => {
    let caught: unknown;
    try {
      assertRegistrableUrl("http://example.com", { appEnv: "test" });
    } catch (error) {
      caught = error;
    }
    expectUrlValidationError(caught);
  });

  it("refuses any port but the default 443, at registration and at send time", async () => {
    for (const raw of ["https://hooks.example.com:8443/", "https://8.8.8.8:22/", "https://example.com:1/x", "https://[2606:4700:4700::1111]:6379/"]) {
      expect(registrableUrlProblem(raw, { appEnv: "production" })).toBe("must use the default https port (443)");
      expect(registrableUrlProblem(raw, { appEnv: "development" })).toBe("must use the default https port (443)");
      expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL(raw), { allowLoopbackHttp: true, lookup: fakeLookup({ "hooks.example.com": ["93.184.216.34"], "example.com": ["93.184.216.34"] }) })));
    }
  });

  it("accepts public https URLs on the default port and literal public addresses, returning the parsed URL", () => {
    for (const raw of ["https://example.com/hooks/orbit?x=1", "https://hooks.example.com:443/", "https://8.8.8.8/hook", "https://[2606:4700:4700::1111]/hook"]) {
      const url = assertRegistrableUrl(raw, { appEnv: "test" });
      expect(url).toBeInstanceOf(URL);
      expect(url.href).toBe(new URL(raw).href);
    }
  });

  it("allows http://localhost and http://127.0.0.1 on any port in development only", () => {
    for (const raw of ["http://localhost/hook", "http://localhost:4000/hook", "http://127.0.0.1:8080/x", "http://127.0.0.1/"]) {
      expect(registrableUrlProblem(raw, { appEnv: "development" })).toBeNull();
      expect(registrableUrlProblem(raw, { appEnv: "test" })).toBe("must use https");
      expect(registrableUrlProblem(raw, { appEnv: "production" })).toBe("must use https");
    }
    for (const raw of ["http://[::1]:4000/", "http://10.0.0.1/", "http://example.com/"]) {
      expect(registrableUrlProblem(raw, { appEnv: "development" })).toBe("must use https (or http://localhost in development)");
    }
  });

  it("accepts a URL of exactly 2048 characters", () => {
    const base = "https://example.com/";
    const raw = base + "a".repeat(2048 - base.length);
    expect(raw).toHaveLength(2048);
    expect(registrableUrlProblem(raw, { appEnv: "test" })).toBeNull();
    expect(registrableUrlProblem(`${raw}a`, { appEnv: "test" })).toBe("must be at most 2048 characters");
  });
});

describe("checkRegistrableUrl (resolves the name)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("rejects a name that resolves only to forbidden addresses", async () => {
    const lookup = fakeLookup({ "internal.example.com": ["10.1.2.3", "fd00::5"] });
    const error = await rejection(checkRegistrableUrl("https://internal.example.com/hook", { appEnv: "test", lookup }));
    expectUrlValidationError(error);
    expect(lookup.calls).toEqual(["internal.example.com"]);
  });

  it("rejects a name with any forbidden address among public ones (every send would refuse it)", async () => {
    const lookup = fakeLookup({ "mixed.example.com": ["93.184.216.34", "127.0.0.1"] });
    expectUrlValidationError(await rejection(checkRegistrableUrl("https://mixed.example.com/", { appEnv: "test", lookup })));
  });

  it("rejects a name resolving to an IPv4-mapped loopback", async () => {
    const lookup = fakeLookup({ "mapped.example.com": ["::ffff:127.0.0.1"] });
    expectUrlValidationError(await rejection(checkRegistrableUrl("https://mapped.example.com/", { appEnv: "test", lookup })));
  });

  it("accepts a name resolving to public addresses", async () => {
    const lookup = fakeLookup({ "hooks.example.com": ["93.184.216.34", "2606:2800:220:1::1"] });
    const url = await checkRegistrableUrl("https://hooks.example.com/x", { appEnv: "test", lookup });
    expect(url.hostname).toBe("hooks.example.com");
  });

  it("accepts a name that does not resolve (DNS can be down)", async () => {
    const lookup = fakeLookup({});
    const url = await checkRegistrableUrl("https://not-yet-live.example.com/x", { appEnv: "test", lookup });
    expect(url.hostname).toBe("not-yet-live.example.com");
    expect(lookup.calls).toEqual(["not-yet-live.example.com"]);
  });

  it("accepts a name whose lookup does not answer within 3 seconds", async () => {
    vi.useFakeTimers();
    const lookup: HostLookup = () => new Promise(() => {});
    let settled: URL | undefined;
    const pending = checkRegistrableUrl("https://slow-dns.example.com/x", { appEnv: "test", lookup }).then((url) => (settled = url));
    await vi.advanceTimersByTimeAsync(2900);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    await pending;
    expect(settled?.hostname).toBe("slow-dns.example.com");
  });

  it("does not look up literal addresses, and still refuses forbidden ones without DNS", async () => {
    const lookup = fakeLookup({});
    await checkRegistrableUrl("https://8.8.8.8/", { appEnv: "test", lookup });
    expectUrlValidationError(await rejection(checkRegistrableUrl("https://[::ffff:a00:1]/", { appEnv: "test", lookup })));
    expect(lookup.calls).toEqual([]);
  });

  it("uses the system resolver by default: an unresolvable .invalid name is accepted", async () => {
    const url = await checkRegistrableUrl("https://orbit-webhook-target.invalid/hook", { appEnv: "test" });
    expect(url.hostname).toBe("orbit-webhook-target.invalid");
  });
});

describe("resolveDeliverableAddresses (send time)", () => {
  it("returns a literal public address without a lookup", async () => {
    const lookup = fakeLookup({});
    expect(await resolveDeliverableAddresses(new URL("https://8.8.8.8/h"), { allowLoopbackHttp: false, lookup })).toEqual([{ address: "8.8.8.8", family: 4 }]);
    expect(await resolveDeliverableAddresses(new URL("https://[2606:4700:4700::1111]/h"), { allowLoopbackHttp: false, lookup })).toEqual([
      { address: "2606:4700:4700::1111", family: 6 },
    ]);
    expect(lookup.calls).toEqual([]);
  });

  it("returns every resolved address when all are allowed", async () => {
    const lookup = fakeLookup({ "hooks.example.com": ["93.184.216.34", "2606:2800:220:1::1"] });
    expect(await resolveDeliverableAddresses(new URL("https://hooks.example.com/x"), { allowLoopbackHttp: false, lookup })).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
  });

  it("refuses the whole name when any resolved address is forbidden (DNS rebinding), without naming the address", async () => {
    for (const bad of ["10.0.0.7", "169.254.169.254", "::1", "::ffff:192.168.0.1", "64:ff9b::a00:7", "2002:a00:7::1"]) {
      const lookup = fakeLookup({ "rebind.example.com": ["93.184.216.34", bad] });
      const error = await rejection(resolveDeliverableAddresses(new URL("https://rebind.example.com/x"), { allowLoopbackHttp: false, lookup }));
      expectRefusedDestination(error);
      expect((error as AppError).message).not.toContain(bad);
    }
  });

  it("refuses literal forbidden addresses in every notation", async () => {
    for (const raw of ["https://127.0.0.1/", "https://2130706433/", "https://0x7f.1/", "https://127.1/", "https://[::ffff:7f00:1]/", "https://[fe80::1]/", "https://[::]/"]) {
      expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL(raw), { allowLoopbackHttp: false })));
    }
  });

  it("refuses anything but https, and credentials", async () => {
    const lookup = fakeLookup({ "hooks.example.com": ["93.184.216.34"] });
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("http://hooks.example.com/"), { allowLoopbackHttp: true, lookup })));
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("https://a:b@hooks.example.com/"), { allowLoopbackHttp: false, lookup })));
    expect(lookup.calls).toEqual([]);
  });

  it("refuses https://localhost even when loopback http is allowed", async () => {
    for (const raw of ["https://localhost/", "https://127.0.0.1/", "https://foo.localhost/"]) {
      expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL(raw), { allowLoopbackHttp: true })));
    }
  });

  it("lets http://localhost and http://127.0.0.1 through only with allowLoopbackHttp, to loopback only", async () => {
    expect(await resolveDeliverableAddresses(new URL("http://127.0.0.1:4567/x"), { allowLoopbackHttp: true })).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("http://127.0.0.1:4567/x"), { allowLoopbackHttp: false })));
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("http://localhost:4567/x"), { allowLoopbackHttp: false })));
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("http://[::1]:4567/x"), { allowLoopbackHttp: true })));
    const hijacked = fakeLookup({ localhost: ["127.0.0.1", "10.0.0.1"] });
    expectRefusedDestination(await rejection(resolveDeliverableAddresses(new URL("http://localhost/"), { allowLoopbackHttp: true, lookup: hijacked })));
  });

  it("resolves http://localhost with the system resolver to loopback addresses", async () => {
    const addresses = await resolveDeliverableAddresses(new URL("http://localhost:4567/x"), { allowLoopbackHttp: true });
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address, family } of addresses) {
      expect(["127.0.0.1", "::1"]).toContain(address);
      expect(family).toBe(familyOf(address));
    }
  });

  it("reports a lookup failure as an ordinary error naming only the host", async () => {
    const error = await rejection(resolveDeliverableAddresses(new URL("https://gone.example.com/x"), { allowLoopbackHttp: false, lookup: fakeLookup({}) }));
    expect(error).not.toBeInstanceOf(AppError);
    expect((error as Error).message).toBe("DNS lookup failed for gone.example.com (ENOTFOUND)");
    const empty: HostLookup = async () => [];
    const none = await rejection(resolveDeliverableAddresses(new URL("https://empty.example.com/"), { allowLoopbackHttp: false, lookup: empty }));
    expect((none as Error).message).toBe("DNS lookup returned no address for empty.example.com");
  });
});
