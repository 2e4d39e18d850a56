// The calendar feed, black-box against app-api section 9: the in-app routes that create, show and
// revoke the secret URL, and the RFC 5545 feed behind it, parsed as a calendar client would.
import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { addMember, insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";

const FEED_URL = /^http:\/\/localhost:3000\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

async function createFeed(user: SignedInUser): Promise<string> {
  const created = await user.client.post("/api/app/calendar-feed");
  expect(created.status, created.text).toBe(201);
  expect(created.body.data).toEqual({ url: expect.stringMatching(FEED_URL) });
  return created.body.data.url;
}

async function logTime(user: SignedInUser, entries: { startedAt: Date; durationSeconds: number; taskId?: string; description?: string; endedAt?: Date }[]) {
  const response = await user.client.post("/api/app/time-logs/sync", {
    entries: entries.map((entry) => ({
      clientSessionId: randomUUID(),
      source: "manual",
      ...entry,
      startedAt: entry.startedAt.toISOString(),
      endedAt: entry.endedAt?.toISOString(),
    })),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed as { id: string }[];
}

/** Fetches a feed URL through the route handlers, anonymously, as a calendar app would. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return new TestClient().get(new URL(url).pathname, { headers });
}

function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe("vcalendar");
  return calendar.getAllSubcomponents("vevent").map((event) => ({
    uid: event.getFirstPropertyValue("uid"),
    summary: event.getFirstPropertyValue("summary"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate().toISOString(),
  }));
}

// One whole-second instant for the file, so that expected and stored times cannot straddle a second.
const NOW = Math.floor(Date.now() / 1000) * 1000;
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000);

describe("the feed URL routes", () => {
  it("needs a session", async () => {
    const anonymous = new TestClient();
    for (const [method, status] of [["GET", 401], ["POST", 401], ["DELETE", 401]] as const) {
      const response = await anonymous.request(method, "/api/app/calendar-feed");
      expect(response.status).toBe(status);
      expect(response.body.error).toBe("unauthorized");
    }
  });

  it("has no URL until one is created, then shows the same URL, on the free plan", async () => {
    const admin = await signUpOrganization();
    const before = await admin.client.get("/api/app/calendar-feed");
    expect(before.status).toBe(200);
    expect(before.body.data).toBeNull();
    const url = await createFeed(admin);
    const after = await admin.client.get("/api/app/calendar-feed");
    expect(after.body.data).toEqual({ url });
  });

  it("regenerating gives a new URL and the previous one stops working", async () => {
    const admin = await signUpOrganization();
    const first = await createFeed(admin);
    const second = await createFeed(admin);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await admin.client.get("/api/app/calendar-feed")).body.data).toEqual({ url: second });
  });

  it("revoking ends the URL, and is idempotent", async () => {
    const admin = await signUpOrganization();
    const url = await createFeed(admin);
    const revoked = await admin.client.delete("/api/app/calendar-feed");
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ success: true });
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await admin.client.get("/api/app/calendar-feed")).body.data).toBeNull();
    expect((await admin.client.delete("/api/app/calendar-feed")).status).toBe(200);
  });

  it("gives each user of an organization their own URL", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const adminUrl = await createFeed(admin);
    const memberUrl = await createFeed(member);
    expect(memberUrl).not.toBe(adminUrl);
    await member.client.delete("/api/app/calendar-feed");
    expect((await fetchFeed(adminUrl)).status).toBe(200);
  });
});

describe("GET /api/calendar/:token.ics", () => {
  it("is an RFC 5545 calendar of the user's logs of the last 90 days, one event each", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const task = await insertTask(admin.organizationId, { title: "Quarterly report" });
    const [withTask, withDescription, bare] = await logTime(admin, [
      { startedAt: minutesAgo(180), durationSeconds: 1800, taskId: task.id, description: "ignored: the task title wins" },
      { startedAt: minutesAgo(120), durationSeconds: 900, description: "Client call", endedAt: minutesAgo(105) },
      { startedAt: minutesAgo(60), durationSeconds: 600 },
    ]);
    await logTime(admin, [{ startedAt: new Date(Date.now() - 91 * 86_400_000), durationSeconds: 60, description: "too old" }]);
    await logTime(member, [{ startedAt: minutesAgo(30), durationSeconds: 60, description: "someone else's" }]);

    const response = await fetchFeed(await createFeed(admin));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.text).toMatch(/\r\nEND:VCALENDAR(\r\n)?$/);
    expect(response.text).toContain("VERSION:2.0");
    expect(response.text).toMatch(/\r\nPRODID:/);

    const events = parseEvents(response.text);
    expect(events).toHaveLength(3);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.get(`${withTask!.id}@orbit`)).toEqual({ uid: `${withTask!.id}@orbit`, summary: "Quarterly report", start: minutesAgo(180).toISOString(), end: minutesAgo(150).toISOString() });
    expect(byUid.get(`${withDescription!.id}@orbit`)?.summary).toBe("Client call");
    expect(byUid.get(`${withDescription!.id}@orbit`)?.end).toBe(minutesAgo(105).toISOString());
    expect(byUid.get(`${bare!.id}@orbit`)?.summary).toBe("Time log");
    // Instants in UTC, never a floating or zoned local time.
    for (const line of response.text.split("\r\n").filter((candidate) => /^DT(START|END)/.test(candidate))) expect(line).toMatch(/^DT(START|END):\d{8}T\d{6}Z$/);
    expect(response.text).not.toContain("too old");
    expect(response.text).not.toContain("someone else's");
  });

  it("answers 304 to a matching If-None-Match, and the ETag moves when a log is added", async () => {
    const admin = await signUpOrganization();
    await logTime(admin, [{ startedAt: minutesAgo(90), durationSeconds: 300, description: "first" }]);
    const url = await createFeed(admin);
    const first = await fetchFeed(url);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await fetchFeed(url)).headers.get("etag")).toBe(etag);

    const notModified = await fetchFeed(url, { "if-none-match": etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe("");
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await fetchFeed(url, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await fetchFeed(url, { "if-none-match": '"other"' })).status).toBe(200);

    await logTime(admin, [{ startedAt: minutesAgo(20), durationSeconds: 120, description: "second" }]);
    const changed = await fetchFeed(url, { "if-none-match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(parseEvents(changed.text)).toHaveLength(2);
  });

  it("is a 404 for unknown, malformed or suffix-less tokens, and needs no session or key", async () => {
    const admin = await signUpOrganization();
    const url = await createFeed(admin);
    const token = url.match(FEED_URL)![1]!;
    const anonymous = new TestClient();
    expect((await anonymous.get(`/api/calendar/${token}.ics`)).status).toBe(200);
    expect((await anonymous.get(`/api/calendar/${token}`)).status).toBe(404);
    expect((await anonymous.get(`/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await anonymous.get("/api/calendar/short.ics")).status).toBe(404);
    expect((await anonymous.get(`/api/calendar/${token.slice(0, -1)}%2F.ics`)).status).toBe(404);
  });

  it("shows an empty calendar for a user with no recent logs", async () => {
    const admin = await signUpOrganization();
    const response = await fetchFeed(await createFeed(admin));
    expect(response.status).toBe(200);
    expect(parseEvents(response.text)).toEqual([]);
  });
});
