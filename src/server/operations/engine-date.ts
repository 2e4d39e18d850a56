// The JavaScript engine's own Date for the production server's requests.
//
// Next replaces the global Date when its server loads, so that a prerender with `cacheComponents`
// notices the clock being read. This app does not enable `cacheComponents`, where the wrapper only
// looks up two async-local stores on every `new Date()` and `Date.now()` and finds neither (about 1%
// of the public API's CPU in a profile of task creation), and makes `instanceof Date` slow.

/** Read when this module is evaluated, before the server's code loads Next's server. */
const engineDate = globalThis.Date;

/** Puts the engine's Date back after Next's server has loaded (nothing to do if Next left it). */
export function restoreEngineDate(): void {
  if (globalThis.Date === engineDate) return;
  globalThis.Date = engineDate;
  Object.defineProperty(engineDate.prototype, "constructor", { value: engineDate, writable: true, enumerable: false, configurable: true });
}
