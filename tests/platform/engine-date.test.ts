// The production server puts the engine's Date back over the wrapper Next installs when its server
// loads (src/server/operations/engine-date.ts). Next's wrapper is stood in for here by one made the
// same way: a constructor of its own over the same prototype, whose `constructor` it takes over.
import { afterEach, describe, expect, it } from "vitest";
import { restoreEngineDate } from "@/server/operations/engine-date";

const engineDate = globalThis.Date;

function installWrapper(): DateConstructor {
  const wrapper = Object.defineProperties(function Date1(this: unknown, ...args: unknown[]) {
    return new.target === undefined ? Reflect.apply(engineDate, undefined, args) : Reflect.construct(engineDate, args, new.target);
  }, Object.getOwnPropertyDescriptors(engineDate)) as unknown as DateConstructor;
  Object.defineProperty(engineDate.prototype, "constructor", { value: wrapper });
  globalThis.Date = wrapper;
  return wrapper;
}

afterEach(() => {
  globalThis.Date = engineDate;
  Object.defineProperty(engineDate.prototype, "constructor", { value: engineDate });
});

describe("restoreEngineDate", () => {
  it("puts back the Date the process started with, its prototype's constructor included", () => {
    const wrapper = installWrapper();
    expect(globalThis.Date).toBe(wrapper);
    restoreEngineDate();
    expect(globalThis.Date).toBe(engineDate);
    expect(new Date(0).constructor).toBe(engineDate);
    expect(new Date(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(Object.getOwnPropertyDescriptor(engineDate.prototype, "constructor")).toMatchObject({ writable: true, enumerable: false, configurable: true });
  });

  it("changes nothing when Date was never replaced", () => {
    restoreEngineDate();
    expect(globalThis.Date).toBe(engineDate);
    expect(new Date(0).constructor).toBe(engineDate);
  });
});
