// Field lists of customers and constellations and the checks of their keyset-paginated v1 lists.
import { expect } from "vitest";
import type { TestClient, TestResponse } from "./http";

export const CUSTOMER_KEYS = [
  "archived",
  "archivedAt",
  "billingType",
  "color",
  "company",
  "contactName",
  "createdAt",
  "currency",
  "fixedRateCents",
  "hourlyRateCents",
  "id",
  "logoUrl",
  "name",
  "paymentLinkUrl",
  "roundingIncrementMinutes",
  "roundingMode",
  "taxRateBps",
  "updatedAt",
];

/** What a member is sent in the web app: no billing field (app-api section 11). */
export const BILLING_KEYS = ["billingType", "currency", "fixedRateCents", "hourlyRateCents", "paymentLinkUrl", "roundingIncrementMinutes", "roundingMode", "taxRateBps"];
export const MEMBER_CUSTOMER_KEYS = CUSTOMER_KEYS.filter((key) => !BILLING_KEYS.includes(key));
/** What an admin is sent by the web app's own reads and writes: also the private contact data and the invoicing details (app-api section 17). */
export const ADMIN_CUSTOMER_KEYS = [...CUSTOMER_KEYS, "billingAddress", "contactEmail", "contactPhone", "notes", "paymentTermsDays", "vatId"].sort();

export const CONSTELLATION_KEYS = ["archived", "archivedAt", "createdAt", "customerId", "dueDate", "goal", "id", "status", "title", "updatedAt"];

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function expectKeys(resource: Record<string, unknown>, keys: string[]) {
  expect(Object.keys(resource).sort()).toEqual(keys);
}

export function expectValidationError(response: TestResponse, field: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.error).toBe("validation_error");
  expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
  expect(response.body.details[0].field).toBe(field);
  expect(response.headers.get("content-type")).toContain("application/json");
}

export function expectForbidden(response: TestResponse, scope: string) {
  expect(response.status, response.text).toBe(403);
  expect(response.body.error).toBe("forbidden");
  expect(response.body.details).toEqual([{ field: "permission", message: scope }]);
  expect(response.headers.get("x-ratelimit-limit")).toBeNull();
}

/** Changes one character in the middle of a token to another base64url character. */
export function tamper(token: string): string {
  const index = Math.floor(token.length / 2);
  const replacement = token[index] === "A" ? "B" : "A";
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

/** Follows `pagination.cursor` to the end; `between` runs after each page. */
export async function walkPages(api: TestClient, url: string, limit: number, between?: (pageIndex: number) => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pageIndex = 0;
  for (;;) {
    const separator = url.includes("?") ? "&" : "?";
    const response = await api.get(`${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status, response.text).toBe(200);
    const { data, pagination } = response.body;
    expect(data.length).toBeLessThanOrEqual(limit);
    ids.push(...data.map((row: { id: string }) => row.id));
    if (pagination.hasMore) {
      expect(data).toHaveLength(limit);
      expect(pagination.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } else {
      expect(pagination).toEqual({ hasMore: false });
    }
    await between?.(pageIndex);
    pageIndex += 1;
    if (!pagination.hasMore) return ids;
    cursor = pagination.cursor;
    expect(pageIndex).toBeLessThan(1000);
  }
}
