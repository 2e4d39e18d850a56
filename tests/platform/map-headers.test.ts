// The public API's headers (MapHeaders) answer as Fetch's Headers do, operation by operation, for
// any sequence of sets, appends and deletes with names in any case; only the order of iteration
// differs (first set, not sorted).
import fc from "fast-check";
import { expect, it } from "vitest";
import { MapHeaders } from "@/server/http/map-headers";

const names = fc.constantFrom("Content-Type", "content-type", "X-Request-Id", "RateLimit-Limit", "Set-Cookie", "set-cookie", "Allow");
const values = fc.constantFrom("a", "b=1; Path=/", "no-store", "application/json");
const operation = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), name: names, value: values }),
  fc.record({ kind: fc.constant("append" as const), name: names, value: values }),
  fc.record({ kind: fc.constant("delete" as const), name: names }),
);

const sorted = (headers: Headers) => [...headers].sort(([a, x], [b, y]) => a.localeCompare(b) || x.localeCompare(y));

it("answers get, has, getSetCookie and iteration as Fetch's Headers after any sequence of changes", () => {
  fc.assert(
    fc.property(fc.array(operation, { maxLength: 12 }), (operations) => {
      const fetchHeaders = new Headers();
      const mapHeaders = new MapHeaders();
      for (const step of operations) {
        for (const headers of [fetchHeaders, mapHeaders]) {
          if (step.kind === "delete") headers.delete(step.name);
          else headers[step.kind](step.name, step.value);
        }
      }
      for (const name of ["content-type", "X-REQUEST-ID", "ratelimit-limit", "set-cookie", "allow", "absent"]) {
        expect(mapHeaders.get(name)).toBe(fetchHeaders.get(name));
        expect(mapHeaders.has(name)).toBe(fetchHeaders.has(name));
      }
      expect(mapHeaders.getSetCookie()).toEqual(fetchHeaders.getSetCookie());
      expect(sorted(mapHeaders)).toEqual(sorted(fetchHeaders));
    }),
    { numRuns: 300 },
  );
});

it("reads a request's headers as Node parsed them, repeats included", () => {
  const headers = MapHeaders.fromNode({ host: "orbit.test", "x-forwarded-for": "10.0.0.1, 10.0.0.2", "set-cookie": ["a=1", "b=2"], "x-absent": undefined });
  expect(headers.get("Host")).toBe("orbit.test");
  expect(headers.get("x-forwarded-for")).toBe("10.0.0.1, 10.0.0.2");
  expect(headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  expect(headers.has("x-absent")).toBe(false);
  // Accepted wherever Fetch takes headers.
  expect(new Response(null, { headers }).headers.get("host")).toBe("orbit.test");
});
