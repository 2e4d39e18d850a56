// The public API's request and response headers as a Fetch `Headers` kept in a plain Map. undici's
// `Headers` validates and lowercases every name and value it is given, checks its brand on every call
// and sorts itself to be iterated: on /api/v1, whose headers come from Node's parser or from our own
// code, that was a tenth of the edge's own CPU per request. Names are case-insensitive as in Fetch;
// repeated values join with ", " (Set-Cookie stays a list); iteration is in the order names were
// first set rather than sorted (nothing here reads them in order).
import type { IncomingHttpHeaders } from "node:http";

const SET_COOKIE = "set-cookie";

export class MapHeaders implements Headers {
  readonly #values = new Map<string, string>();
  #setCookies: string[] = [];

  /** A request's headers as Node parsed them (names already lowercase, repeats already joined). */
  static fromNode(headers: IncomingHttpHeaders): MapHeaders {
    const map = new MapHeaders();
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) map.append(name, item);
      else map.#values.set(name, value);
    }
    return map;
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === SET_COOKIE) {
      this.#setCookies.push(value);
      return;
    }
    const current = this.#values.get(key);
    this.#values.set(key, current === undefined ? value : `${current}, ${value}`);
  }

  delete(name: string): void {
    const key = name.toLowerCase();
    if (key === SET_COOKIE) this.#setCookies = [];
    else this.#values.delete(key);
  }

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === SET_COOKIE) return this.#setCookies.length ? this.#setCookies.join(", ") : null;
    return this.#values.get(key) ?? null;
  }

  getSetCookie(): string[] {
    return [...this.#setCookies];
  }

  has(name: string): boolean {
    const key = name.toLowerCase();
    return key === SET_COOKIE ? this.#setCookies.length > 0 : this.#values.has(key);
  }

  set(name: string, value: string): void {
    const key = name.toLowerCase();
    if (key === SET_COOKIE) this.#setCookies = [value];
    else this.#values.set(key, value);
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): HeadersIterator<[string, string]> {
    yield* this.#values;
    for (const value of this.#setCookies) yield [SET_COOKIE, value];
  }

  *keys(): HeadersIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): HeadersIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.entries();
  }
}
