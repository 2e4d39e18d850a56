// Where webhooks may be sent. Checked twice: when an endpoint is registered (the URL's form, literal
// addresses, and what the name resolves to now) and at every send against the addresses actually
// resolved, so a name re-pointed into private space after registration (DNS rebinding) is refused.
import { isIP } from "node:net";
import { AppError } from "@/server/errors";
import { MAX_WEBHOOK_URL_LENGTH } from "@/lib/limits";
import { hostResolver, type ResolvedAddress } from "@/server/webhooks/resolve-host";

/** How long registration waits for DNS before accepting the name unresolved (DNS can be down). */
const REGISTRATION_LOOKUP_TIMEOUT_MS = 3000;

export type { ResolvedAddress };

/** Resolves every address of a host name. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

// Read through the resolver object at call time, so that route-level tests can stub it.
const systemLookup: HostLookup = (hostname) => hostResolver.resolveAll(hostname);

// Addresses.

interface Cidr {
  base: bigint;
  prefix: number;
}

function cidr(width: 32 | 128, text: string): Cidr {
  const [address, prefix] = text.split("/") as [string, string];
  const value = width === 32 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
  if (value === undefined) throw new Error(`bad range ${text}`);
  return { base: value, prefix: Number(prefix) };
}

function inRange(value: bigint, width: 32 | 128, range: Cidr): boolean {
  const shift = BigInt(width - range.prefix);
  return value >> shift === range.base >> shift;
}

/**
 * IPv4 ranges no webhook may reach (IANA special-purpose registry): nothing here is a public web
 * server, and several are the inside of our own network or a cloud provider's metadata service.
 */
const FORBIDDEN_IPV4 = [
  "0.0.0.0/8", // "this network", including the unspecified 0.0.0.0
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT (shared address space)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local, cloud metadata endpoints
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.88.99.0/24", // deprecated 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, including the broadcast 255.255.255.255
].map((range) => cidr(32, range));

/** All public IPv6 unicast lives in 2000::/3; anything outside it is refused unless it embeds IPv4. */
const GLOBAL_UNICAST_IPV6 = cidr(128, "2000::/3");

/** Inside 2000::/3, blocks that are not ordinary public hosts. */
const FORBIDDEN_GLOBAL_IPV6 = [
  "2001::/23", // IETF protocol assignments: Teredo, benchmarking, ORCHID
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
].map((range) => cidr(128, range));

/** IPv6 forms that carry an IPv4 address in their low 32 bits; the IPv4 address decides. */
const IPV4_IN_LOW_BITS = [
  "::ffff:0:0/96", // IPv4-mapped
  "::ffff:0:0:0/96", // IPv4-translated (SIIT)
  "64:ff9b::/96", // NAT64 well-known prefix
].map((range) => cidr(128, range));

/** IPv4-compatible addresses (deprecated) and ::, ::1: nothing reachable lives here. */
const IPV4_COMPATIBLE = cidr(128, "::/96");
/** 6to4 carries an IPv4 address in bits 16-47. */
const SIX_TO_FOUR = cidr(128, "2002::/16");

function ipv4ToBigInt(text: string): bigint | undefined {
  if (isIP(text) !== 4) return undefined;
  return text.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6ToBigInt(text: string): bigint | undefined {
  if (isIP(text) !== 6) return undefined;
  let groupsText = text;
  const tail: number[] = [];
  const lastColon = groupsText.lastIndexOf(":");
  const embedded = groupsText.slice(lastColon + 1);
  if (embedded.includes(".")) {
    const v4 = ipv4ToBigInt(embedded);
    if (v4 === undefined) return undefined;
    tail.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    // Keep a "::" before the dotted part; drop a single separating ":".
    groupsText = groupsText.slice(0, lastColon + 1);
    if (!groupsText.endsWith("::")) groupsText = groupsText.slice(0, -1);
  }
  const [head, rest] = groupsText.includes("::") ? (groupsText.split("::") as [string, string]) : [groupsText, undefined];
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const headGroups = parse(head);
  const restGroups = rest === undefined ? [] : parse(rest);
  const missing = 8 - headGroups.length - restGroups.length - tail.length;
  if (missing < 0 || (rest === undefined && missing !== 0)) return undefined;
  const groups = [...headGroups, ...new Array<number>(rest === undefined ? 0 : missing).fill(0), ...restGroups, ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

function isForbiddenIpv4(value: bigint): boolean {
  return FORBIDDEN_IPV4.some((range) => inRange(value, 32, range));
}

function isForbiddenIpv6(value: bigint): boolean {
  if (IPV4_IN_LOW_BITS.some((range) => inRange(value, 128, range))) return isForbiddenIpv4(value & 0xffffffffn);
  if (inRange(value, 128, IPV4_COMPATIBLE)) return true;
  if (inRange(value, 128, SIX_TO_FOUR)) return isForbiddenIpv4((value >> 80n) & 0xffffffffn);
  if (!inRange(value, 128, GLOBAL_UNICAST_IPV6)) return true;
  return FORBIDDEN_GLOBAL_IPV6.some((range) => inRange(value, 128, range));
}

/** `[::1]` → `::1`, `fe80::1%eth0` → `fe80::1`. */
function bareAddress(text: string): string {
  const unbracketed = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = unbracketed.indexOf("%");
  return zone >= 0 ? unbracketed.slice(0, zone) : unbracketed;
}

/** IPv4 spelled the way URL hosts may be (`2130706433`, `0x7f.1`, `127.1`, `0177.0.0.1`), made dotted. */
function normalizedIpv4(text: string): string | undefined {
  if (!/^[0-9a-fA-FxX.]+$/.test(text)) return undefined;
  try {
    const host = new URL(`http://${text}/`).hostname;
    return isIP(host) === 4 ? host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when a webhook must not be sent to this IP address: loopback, private, link-local,
 * unspecified, carrier-grade NAT, multicast, broadcast, reserved, documentation and benchmarking
 * ranges, and IPv6 forms embedding such an IPv4 address (mapped, translated, NAT64, 6to4).
 * Anything that is not an IP address at all is treated as forbidden (fail closed).
 */
export function isForbiddenAddress(ip: string): boolean {
  const bare = bareAddress(ip.trim());
  const family = isIP(bare);
  if (family === 6) return isForbiddenIpv6(ipv6ToBigInt(bare)!);
  const v4 = family === 4 ? bare : normalizedIpv4(bare);
  return v4 === undefined ? true : isForbiddenIpv4(ipv4ToBigInt(v4)!);
}

function isLoopbackAddress(ip: string): boolean {
  const bare = bareAddress(ip);
  if (isIP(bare) === 4) return bare.startsWith("127.");
  const value = ipv6ToBigInt(bare);
  if (value === undefined) return false;
  return value === 1n || (inRange(value, 128, IPV4_IN_LOW_BITS[0]!) && Number(value & 0xffffffffn) >>> 24 === 127);
}

// URLs.

const urlError = (message: string) => new AppError("validation_error", `url: ${message}`, { details: [{ field: "url", message }] });

const FORBIDDEN_TARGET = "must not point to a loopback, private, link-local or reserved address";

/** `localhost`, `localhost.` and every name under `.localhost` (RFC 6761: always loopback). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** Only 443 (URL drops a default port): another port is how an open service on a host gets probed. */
const DEFAULT_PORT_ONLY = "must use the default https port (443)";

/** The development exception: plain-http `localhost` / `127.0.0.1` on any port. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

function parseUrl(raw: string): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) throw urlError(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlError("must be an absolute URL");
  }
  return url;
}

/**
 * The checks that need no network, in the order a user would fix them. Returns the parsed URL or
 * throws validation_error on `url`. Credentials in the URL are refused: they would be stored and
 * shown in plain text, and the signature already authenticates the sender.
 */
export function assertRegistrableUrl(raw: string, options: { appEnv: string }): URL {
  const url = parseUrl(raw);
  const developmentLoopback = options.appEnv === "development" && isLoopbackHttp(url);
  if (url.protocol !== "https:" && !developmentLoopback) {
    throw urlError(options.appEnv === "development" ? "must use https (or http://localhost in development)" : "must use https");
  }
  if (url.username || url.password) throw urlError("must not contain a user name or password");
  if (!url.hostname) throw urlError("must have a host");
  if (developmentLoopback) return url;
  const host = bareAddress(url.hostname);
  if (isIP(host) ? isForbiddenAddress(host) : isLocalhostName(host)) throw urlError(FORBIDDEN_TARGET);
  if (url.port !== "") throw urlError(DEFAULT_PORT_ONLY);
  return url;
}

/** The message of the first registration rule `raw` breaks without any network lookup, or null. */
export function registrableUrlProblem(raw: string, options: { appEnv: string }): string | null {
  try {
    assertRegistrableUrl(raw, options);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.details?.[0]) return error.details[0].message;
    throw error;
  }
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), milliseconds);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Registration rules (contract 4.3 rule 1, app-api section 5): the checks of `assertRegistrableUrl`,
 * then a host name is resolved and refused when any address it has now is forbidden (it could
 * never be delivered to). A name that does not resolve, or not in time, is accepted: DNS can be
 * down, and every send checks again.
 */
export async function checkRegistrableUrl(raw: string, options: { appEnv: string; lookup?: HostLookup }): Promise<URL> {
  const url = assertRegistrableUrl(raw, options);
  const host = bareAddress(url.hostname);
  if (isIP(host) || (options.appEnv === "development" && isLoopbackHttp(url))) return url;
  const lookup = options.lookup ?? systemLookup;
  const addresses = await withTimeout(lookup(host), REGISTRATION_LOOKUP_TIMEOUT_MS).catch(() => undefined);
  if (addresses?.some(({ address }) => isForbiddenAddress(address))) throw urlError(FORBIDDEN_TARGET);
  return url;
}

/** A destination the sender refuses at send time: an attempt's outcome, not an HTTP error. */
export class RefusedDestinationError extends Error {
  constructor(message: string) {
    super(`destination refused: ${message}`);
    this.name = "RefusedDestinationError";
  }
}

const undeliverable = (message: string) => new RefusedDestinationError(message);

/**
 * Send-time check: the addresses the connection may use, every one of them allowed. Throws
 * RefusedDestinationError when the URL is not https or when ANY resolved address is forbidden (nothing is
 * dropped silently: a half-private name is refused whole). With `allowLoopbackHttp` (development),
 * `http://localhost` and `http://127.0.0.1` are let through to loopback addresses only. A lookup
 * failure throws an ordinary Error whose message names only the host: a network-level failure.
 */
export async function resolveDeliverableAddresses(
  url: URL,
  options: { allowLoopbackHttp: boolean; lookup?: HostLookup },
): Promise<ResolvedAddress[]> {
  const developmentLoopback = options.allowLoopbackHttp && isLoopbackHttp(url);
  if (url.protocol !== "https:" && !developmentLoopback) throw undeliverable("Webhook URL must use https.");
  if (url.username || url.password) throw undeliverable("Webhook URL must not contain credentials.");
  if (url.port !== "" && !developmentLoopback) throw undeliverable("Webhook URL must use the default https port (443).");
  const host = bareAddress(url.hostname);
  const literal = isIP(host);
  if (literal) {
    if (!developmentLoopback && isForbiddenAddress(host)) throw undeliverable("Webhook URL points to a forbidden address.");
    return [{ address: host, family: literal === 6 ? 6 : 4 }];
  }
  if (isLocalhostName(host) && !developmentLoopback) throw undeliverable("Webhook URL points to a forbidden address.");
  const lookup = options.lookup ?? systemLookup;
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw new Error(`DNS lookup failed for ${host}${typeof code === "string" ? ` (${code})` : ""}`, { cause: error });
  }
  if (!addresses.length) throw new Error(`DNS lookup returned no address for ${host}`);
  const isAllowed = developmentLoopback ? isLoopbackAddress : (address: string) => !isForbiddenAddress(address);
  if (!addresses.every(({ address }) => isAllowed(address))) throw undeliverable("Webhook URL host resolves to a forbidden address.");
  return addresses.map(({ address, family }) => ({ address, family }));
}
