// The calendar feed under load (issue: anonymous GETs of one feed must not stall other tenants): the
// ETag from one statement and 304 before rendering, the rendered body cached per feed and version,
// concurrent requests for one version rendered once, the event cap, chunked rendering that yields,
// and per-token and per-address limits (429 with Retry-After).
import ical from "ical-generator";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { MAX_FEED_EVENTS, renderCalendar } from "@/server/services/calendar/calendar-feed";
import { FEED_REQUESTS_PER_ADDRESS, FEED_REQUESTS_PER_TOKEN, feedRenderCount } from "@/server/services/calendar/serve-feed";
import { insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";

async function feedPath(user: SignedInUser): Promise<string> {
  const created = await user.client.post("/api/app/calendar-feed");
  expect(created.status, created.text).toBe(201);
  return new URL(created.body.data.url).pathname;
}

/** `count` logs of the user, one an hour back from now, written as sync writes them. */
async function insertLogs(user: SignedInUser, count: number, data: { taskId?: string } = {}) {
  const now = Date.now();
  await (await getDb()).timeLog.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      organizationId: user.organizationId,
      userId: user.userId,
      source: "manual" as const,
      description: `Log ${index}`,
      startedAt: new Date(now - (index + 1) * 3_600_000),
      durationSeconds: 1_800,
      ...data,
    })),
  });
}

const get = (path: string, headers: Record<string, string> = {}) => new TestClient().get(path, { headers });

describe("the feed's ETag and cache", () => {
  it("answers 304 from one statement without rendering, serves an unchanged feed from the cache, and moves the ETag when anything shown changes", async () => {
    const admin = await signUpOrganization();
    const task = await insertTask(admin.organizationId, { title: "Quarterly report" });
    await insertLogs(admin, 3, { taskId: task.id });
    const path = await feedPath(admin);

    const before = feedRenderCount();
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(feedRenderCount()).toBe(before + 1);

    const again = await get(path);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("etag")).toBe(etag);
    const notModified = await get(path, { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(feedRenderCount()).toBe(before + 1);

    // A renamed task changes what the calendar shows, though no log changed.
    await (await getDb()).task.update({ where: { id: task.id }, data: { title: "Annual report" } });
    const renamed = await get(path, { "if-none-match": etag });
    expect(renamed.status).toBe(200);
    expect(renamed.text).toContain("SUMMARY:Annual report");
    expect(renamed.headers.get("etag")).not.toBe(etag);

    // So does a new log, and the user's name (the calendar's name).
    await insertLogs(admin, 1);
    const added = await get(path, { "if-none-match": renamed.headers.get("etag")! });
    expect(added.status).toBe(200);
    await (await getDb()).user.update({ where: { id: admin.userId }, data: { name: "Renamed" } });
    const named = await get(path, { "if-none-match": added.headers.get("etag")! });
    expect(named.status).toBe(200);
    expect(named.text).toContain("Orbit · Renamed");
  });

  it("renders a version once for concurrent requests, keeps the newest MAX_FEED_EVENTS logs, and yields while rendering", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    await insertLogs(admin, MAX_FEED_EVENTS + 100);
    const path = await feedPath(admin);

    const before = feedRenderCount();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 1);
    const responses = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    clearInterval(ticker);
    expect(feedRenderCount()).toBe(before + 1);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).toBe(responses[0]!.text);
    }
    const events = responses[0]!.text.split("BEGIN:VEVENT").length - 1;
    expect(events).toBe(MAX_FEED_EVENTS);
    expect(responses[0]!.text).toContain("SUMMARY:Log 0\r\n");
    expect(responses[0]!.text).not.toContain(`SUMMARY:Log ${MAX_FEED_EVENTS}\r\n`);
    // The event loop ran timers during the render: it was never held for the whole of it.
    expect(ticks).toBeGreaterThan(3);
  });

  it("renders in chunks exactly the bytes of one calendar", async () => {
    const events = Array.from({ length: 23 }, (_, index) => ({
      id: `tl_${index}@orbit`,
      start: new Date(Date.UTC(2026, 0, 5, 9) + index * 3_600_000),
      end: new Date(Date.UTC(2026, 0, 5, 9, 30) + index * 3_600_000),
      stamp: new Date(Date.UTC(2026, 0, 5)),
      summary: `Writing the café menu ✓ ${"long ".repeat(index)}`,
    }));
    const options = { name: "Orbit · Ada", prodId: { company: "Orbit", product: "Time logs", language: "EN" } };
    const whole = ical(options);
    for (const event of events) whole.createEvent(event);
    expect(await renderCalendar("Orbit · Ada", events, 5)).toBe(whole.toString());
    expect(await renderCalendar("Orbit · Ada", [], 5)).toBe(ical(options).toString());
  });
});

describe("the feed's request limits", () => {
  it(`answers 429 with Retry-After past ${FEED_REQUESTS_PER_TOKEN} requests a minute for one URL; other URLs are not affected`, async () => {
    const admin = await signUpOrganization();
    const other = await signUpOrganization();
    const path = await feedPath(admin);
    const otherPath = await feedPath(other);
    for (let index = 0; index < FEED_REQUESTS_PER_TOKEN; index += 1) expect((await get(path)).status).toBe(200);
    const refused = await get(path);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "rate_limit_exceeded", meta: { apiVersion: "v1" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await get(otherPath)).status).toBe(200);
  });

  it(`answers 429 past ${FEED_REQUESTS_PER_ADDRESS} requests a minute from one address, unknown tokens included`, async () => {
    const admin = await signUpOrganization();
    const path = await feedPath(admin);
    const unknown = (index: number) => `/api/calendar/${String(index).padStart(43, "A")}.ics`;
    const from = (address: string) => ({ "x-forwarded-for": address });
    for (let index = 0; index < FEED_REQUESTS_PER_ADDRESS; index += 1) expect((await get(unknown(index), from("203.0.113.50"))).status).toBe(404);
    const refused = await get(path, from("203.0.113.50"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await get(path, from("203.0.113.51"))).status).toBe(200);
  });
});
