import { describe, expect, it } from "vitest";
import { newId } from "./ids";

describe("newId", () => {
  it("is the prefix and 32 hex characters, unique, and sorts in creation order", () => {
    const ids = Array.from({ length: 2000 }, () => newId("evt"));
    for (const id of ids) expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
