// Weekly approvals (app-api section 16): submitting, listing and deciding weeks, their audit entries,
// and the lock every write path of a time log obeys: a submitted week is read-only for its member (an
// admin may still change it), an approved week for everyone until it is reopened.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, signUpOrganization, type SignedInUser } from "../harness/factories";
import { expectAppErrorEnvelope, expectValidationError } from "../harness/assertions";
import { csv, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";
import { TestClient } from "../harness/http";

const WEEK = "2026-11-16"; // a Monday
const IN_WEEK = "2026-11-18T10:00:00.000Z";
const NEXT_WEEK = "2026-11-24T10:00:00.000Z";

interface Team {
  admin: SignedInUser;
  member: SignedInUser;
}

async function team(): Promise<Team> {
  const admin = await signUpOrganization({ name: "Approvals Inc" });
  return { admin, member: await addMember(admin) };
}

async function logAt(user: SignedInUser, startedAt: string, durationSeconds = 3600): Promise<{ id: string }> {
  const response = await user.client.post("/api/app/time-logs/sync", { entries: [{ clientSessionId: randomUUID(), startedAt, durationSeconds, source: "manual" }] });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed[0];
}

async function submit(user: SignedInUser, body: Record<string, unknown> = { week: "2026-11-19" }) {
  const response = await user.client.post("/api/app/approvals", body);
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string; status: string; seconds: number; weekStart: string };
}

async function decide(admin: SignedInUser, id: string, decision: "approve" | "reject" | "reopen", note?: string) {
  const response = await admin.client.post(`/api/app/approvals/${id}/${decision}`, note === undefined ? {} : { note });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

const auditActions = async (organizationId: string) =>
  (await (await getDb()).auditEvent.findMany({ where: { organizationId, targetType: "approval" }, orderBy: { createdAt: "asc" } })).map((event) => event.action);

const liveLogs = async (userId: string) => (await getDb()).timeLog.count({ where: { userId, deletedAt: null } });

/** A 409 naming the approval in words for people and the refused field in details. */
function expectWeekLocked(response: { status: number; body: any; text: string }, state: "approved" | "submitted", field: string) {
  expectAppErrorEnvelope(response, 409, "conflict");
  expect(response.body.message).toMatch(state === "approved" ? /^This week was approved on \d{1,2} \w{3}; ask an admin to reopen it\.$/ : /^This week was submitted for approval on \d{1,2} \w{3}/);
  expect(response.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
}

describe("POST /api/app/approvals", () => {
  it("submits the week holding any of its days with its tracked seconds, once", async () => {
    const { admin, member } = await team();
    await logAt(member, IN_WEEK, 3600);
    await logAt(member, "2026-11-22T23:00:00.000Z", 600); // Sunday, still the week
    await logAt(member, NEXT_WEEK, 999);
    const approval = await submit(member);
    expect(approval).toEqual({
      id: expect.any(String),
      userId: member.userId,
      userName: "Max Member",
      weekStart: WEEK,
      status: "submitted",
      seconds: 4200,
      submittedAt: expect.any(String),
      decidedAt: null,
      decidedBy: null,
      note: null,
    });
    const again = await member.client.post("/api/app/approvals", { week: "2026-11-22" });
    expectAppErrorEnvelope(again, 409, "conflict");
    expect(again.body.details).toEqual([{ field: "week", message: "The week is already submitted" }]);
    await decide(admin, approval.id, "approve");
    expectAppErrorEnvelope(await member.client.post("/api/app/approvals", { week: WEEK }), 409, "conflict");
    expect(await auditActions(admin.organizationId)).toEqual(["approval.submitted", "approval.approved"]);
  });

  it("runs the week from the member's week start in their zone", async () => {
    const { member } = await team();
    expect((await member.client.patch("/api/app/me/preferences", { weekStart: "sunday", timeZone: "America/New_York" })).status).toBe(200);
    await logAt(member, "2026-11-15T06:00:00.000Z", 60); // Sunday 15, 01:00 in New York: the week
    await logAt(member, "2026-11-15T04:00:00.000Z", 7); // Saturday 14, 23:00 in New York: the week before
    const approval = await submit(member, { week: "2026-11-17" });
    expect(approval.weekStart).toBe("2026-11-15");
    expect(approval.seconds).toBe(60);
  });

  it("lets an admin submit a member's week; a member cannot submit another's", async () => {
    const { admin, member } = await team();
    const forMember = await submit(admin, { week: WEEK, userId: member.userId });
    expect(forMember.status).toBe("submitted");
    const refused = await member.client.post("/api/app/approvals", { week: WEEK, userId: admin.userId });
    expectAppErrorEnvelope(refused, 403, "forbidden");
    expectValidationError(await member.client.post("/api/app/approvals", { week: "2026-02-30" }), ["week"]);
    expectValidationError(await admin.client.post("/api/app/approvals", { week: WEEK, userId: "nobody" }), ["userId"]);
  });
});

describe("GET /api/app/approvals", () => {
  it("shows admins every week and members their own, filtered and keyset-paginated", async () => {
    const { admin, member } = await team();
    const other = await addMember(admin);
    const mine = await submit(member, { week: WEEK });
    const older = await submit(member, { week: "2026-11-09" });
    const theirs = await submit(other, { week: WEEK });
    await decide(admin, older.id, "approve");

    const all = await admin.client.get("/api/app/approvals");
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((approval: { id: string }) => approval.id).sort()).toEqual([mine.id, older.id, theirs.id].sort());

    const own = await member.client.get("/api/app/approvals");
    expect(own.body.data.map((approval: { id: string }) => approval.id)).toEqual([mine.id, older.id]);
    expectAppErrorEnvelope(await member.client.get(`/api/app/approvals?userId=${other.userId}`), 403, "forbidden");

    const submitted = await admin.client.get("/api/app/approvals?status=submitted");
    expect(submitted.body.data.map((approval: { id: string }) => approval.id).sort()).toEqual([mine.id, theirs.id].sort());
    const ofWeek = await admin.client.get(`/api/app/approvals?week=2026-11-12&userId=${member.userId}`);
    expect(ofWeek.body.data.map((approval: { id: string }) => approval.id)).toEqual([older.id]);

    const first = await admin.client.get("/api/app/approvals?limit=2");
    expect(first.body.pagination).toEqual({ hasMore: true, cursor: expect.any(String) });
    const second = await admin.client.get(`/api/app/approvals?limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.pagination).toEqual({ hasMore: false });
    expect([...first.body.data, ...second.body.data].map((approval: { id: string }) => approval.id).sort()).toEqual([mine.id, older.id, theirs.id].sort());
    expectValidationError(await admin.client.get("/api/app/approvals?status=done"), ["status"]);
  });

  it("never shows another organization's weeks", async () => {
    const { member } = await team();
    const stranger = await signUpOrganization();
    await submit(member);
    expect((await stranger.client.get("/api/app/approvals")).body.data).toEqual([]);
  });
});

describe("approve, reject, reopen", () => {
  it("are for admins only; a member gets 403 and nothing changes", async () => {
    const { admin, member } = await team();
    const approval = await submit(member);
    for (const decision of ["approve", "reject", "reopen"]) {
      const response = await member.client.post(`/api/app/approvals/${approval.id}/${decision}`, { note: "mine" });
      expectAppErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    }
    expect((await admin.client.get("/api/app/approvals")).body.data[0].status).toBe("submitted");
  });

  it("rejects with a note only, lets the member submit again, approves and reopens, each with its audit entry", async () => {
    const { admin, member } = await team();
    const approval = await submit(member);
    expectValidationError(await admin.client.post(`/api/app/approvals/${approval.id}/reject`, {}), ["note"]);
    expectValidationError(await admin.client.post(`/api/app/approvals/${approval.id}/reject`, { note: "   " }), ["note"]);
    const rejected = await decide(admin, approval.id, "reject", "Friday is missing");
    expect(rejected).toMatchObject({ status: "rejected", note: "Friday is missing", decidedBy: admin.userId, decidedAt: expect.any(String) });
    expectAppErrorEnvelope(await admin.client.post(`/api/app/approvals/${approval.id}/approve`, {}), 409, "conflict");

    const again = await submit(member);
    expect(again).toMatchObject({ id: approval.id, status: "submitted", note: null });
    expect(await decide(admin, approval.id, "approve")).toMatchObject({ status: "approved" });
    expectAppErrorEnvelope(await admin.client.post(`/api/app/approvals/${approval.id}/reject`, { note: "late" }), 409, "conflict");
    expect(await decide(admin, approval.id, "reopen")).toMatchObject({ status: "reopened" });
    expectAppErrorEnvelope(await admin.client.post(`/api/app/approvals/${approval.id}/reopen`, {}), 409, "conflict");
    expect(await submit(member)).toMatchObject({ status: "submitted" });

    expect(await auditActions(admin.organizationId)).toEqual([
      "approval.submitted",
      "approval.rejected",
      "approval.submitted",
      "approval.approved",
      "approval.reopened",
      "approval.submitted",
    ]);
    const entry = await (await getDb()).auditEvent.findFirstOrThrow({ where: { organizationId: admin.organizationId, action: "approval.rejected" } });
    expect(entry).toMatchObject({ actorType: "user", actorId: admin.userId, targetId: approval.id, targetLabel: `Max Member, week of ${WEEK}` });
  });

  it("answers 404 for an unknown or another organization's approval", async () => {
    const { member } = await team();
    const approval = await submit(member);
    const stranger = await signUpOrganization();
    expectAppErrorEnvelope(await stranger.client.post(`/api/app/approvals/${approval.id}/approve`, {}), 404, "not_found");
    expectAppErrorEnvelope(await stranger.client.post("/api/app/approvals/nope/approve", {}), 404, "not_found");
  });
});

type Writer = (user: SignedInUser, owner: SignedInUser, logId: string) => Promise<{ status: number; body: any; text: string }>;

/** Every write path of a log in the week, by `user` on `owner`'s log or week, and the field a refusal names. */
const WRITE_PATHS: Array<{ name: string; field: string; ownOnly?: true; write: Writer }> = [
  { name: "PATCH a log", field: "startedAt", write: (user, _owner, id) => user.client.patch(`/api/app/time-logs/${id}`, { description: "changed" }) },
  { name: "DELETE a log", field: "id", write: (user, _owner, id) => user.client.delete(`/api/app/time-logs/${id}`) },
  { name: "move a log out of the week", field: "startedAt", write: (user, _owner, id) => user.client.patch(`/api/app/time-logs/${id}`, { startedAt: NEXT_WEEK, durationSeconds: 60 }) },
  {
    name: "move a log into the week",
    field: "startedAt",
    write: async (user, owner) => {
      const outside = await logAt(owner, NEXT_WEEK, 60);
      return user.client.patch(`/api/app/time-logs/${outside.id}`, { startedAt: "2026-11-20T10:00:00.000Z", durationSeconds: 60 });
    },
  },
  {
    name: "timesheet cell",
    field: "day",
    write: (user, owner) => user.client.put("/api/app/timesheet/cells", { day: "2026-11-19", seconds: 1800, customerId: null, constellationId: null, ...(user === owner ? {} : { userId: owner.userId }) }),
  },
  {
    name: "offline sync / Add time",
    field: "entries.0.startedAt",
    ownOnly: true,
    write: (user) => user.client.post("/api/app/time-logs/sync", { entries: [{ clientSessionId: randomUUID(), startedAt: "2026-11-17T08:00:00.000Z", durationSeconds: 60, source: "manual" }] }),
  },
];

describe("the week's lock on every write path", () => {
  for (const path of WRITE_PATHS) {
    it(`${path.name}: submitted refuses the member and not an admin, approved refuses everyone, reopened lets them write`, async () => {
      const { admin, member } = await team();
      // The member's week (an admin writes it for them), or for a path that writes only the caller's own time, each one's own week.
      const weekOf = async (owner: SignedInUser) => (await logAt(owner, IN_WEEK)).id;
      const memberLog = await weekOf(member);
      const spare = await weekOf(member); // for the paths that take a log out of the week
      const approval = await submit(member);

      expectWeekLocked(await path.write(member, member, memberLog), "submitted", path.field);
      if (path.ownOnly) {
        const adminLog = await weekOf(admin);
        const own = await submit(admin);
        const byAdmin = await path.write(admin, admin, adminLog);
        expect(byAdmin.status, byAdmin.text).toBeLessThan(300);
        await decide(admin, own.id, "approve");
        expectWeekLocked(await path.write(admin, admin, adminLog), "approved", path.field);
      } else {
        const byAdmin = await path.write(admin, member, memberLog);
        expect(byAdmin.status, byAdmin.text).toBeLessThan(300);
      }

      const writable = path.name.startsWith("DELETE") || path.name.startsWith("move a log out") ? spare : memberLog;
      await decide(admin, approval.id, "approve");
      expectWeekLocked(await path.write(member, member, writable), "approved", path.field);
      if (!path.ownOnly) expectWeekLocked(await path.write(admin, member, writable), "approved", path.field);

      await decide(admin, approval.id, "reopen");
      const reopened = await path.write(member, member, writable);
      expect(reopened.status, reopened.text).toBeLessThan(300);
    });
  }

  it("a sync batch with one entry in an approved week writes nothing and names that entry", async () => {
    const { admin, member } = await team();
    const approval = await submit(member);
    await decide(admin, approval.id, "approve");
    const before = await liveLogs(member.userId);
    const response = await member.client.post("/api/app/time-logs/sync", {
      entries: [
        { clientSessionId: randomUUID(), startedAt: NEXT_WEEK, durationSeconds: 60, source: "manual" },
        { clientSessionId: randomUUID(), startedAt: IN_WEEK, durationSeconds: 60, source: "manual" },
        { clientSessionId: randomUUID(), startedAt: "2026-12-01T10:00:00.000Z", durationSeconds: 60, source: "manual" },
      ],
    });
    expectWeekLocked(response, "approved", "entries.1.startedAt");
    expect(response.body.details).toEqual([{ field: "entries.1.startedAt", message: `The week of ${WEEK} is approved` }]);
    expect(await liveLogs(member.userId)).toBe(before);
  });

  it("a replayed sync entry of a week approved since is still acknowledged as a duplicate", async () => {
    const { admin, member } = await team();
    const entry = { clientSessionId: randomUUID(), startedAt: IN_WEEK, durationSeconds: 60, source: "manual" };
    expect((await member.client.post("/api/app/time-logs/sync", { entries: [entry] })).status).toBe(200);
    await decide(admin, (await submit(member)).id, "approve");
    const replay = await member.client.post("/api/app/time-logs/sync", { entries: [entry] });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body.data).toEqual({ committed: [], duplicates: [entry.clientSessionId] });
  });

  it("timer stop: refused in a submitted week for the member (the timer keeps running), not for an admin, and in an approved week for everyone", async () => {
    const { admin, member } = await team();
    const started = await member.client.post("/api/app/timers/start", {});
    expect(started.status, started.text).toBe(201);
    const today = (started.body.data.startedAt as string).slice(0, 10);
    const approval = await submit(member, { week: today });
    expectWeekLocked(await member.client.post("/api/app/timers/stop", {}), "submitted", "startedAt");
    expect((await member.client.get("/api/app/timers/current")).body.data).not.toBeNull();

    expect((await admin.client.post("/api/app/timers/start", {})).status).toBe(201);
    const own = await submit(admin, { week: today });
    expect((await admin.client.post("/api/app/timers/stop", {})).status).toBe(200);
    expect((await admin.client.post("/api/app/timers/start", {})).status).toBe(201);
    await decide(admin, own.id, "approve");
    expectWeekLocked(await admin.client.post("/api/app/timers/stop", {}), "approved", "startedAt");

    await decide(admin, approval.id, "approve");
    expectWeekLocked(await member.client.post("/api/app/timers/stop", {}), "approved", "startedAt");
    await decide(admin, approval.id, "reopen");
    const stopped = await member.client.post("/api/app/timers/stop", {});
    expect(stopped.status, stopped.text).toBe(200);
  });

  it("import: rows in a locked week are row errors naming their lines and nothing is written; after reopening they import", async () => {
    const { admin, member } = await team();
    const row = (date: string, start: string) => togglRow({ user: "Max Member", email: member.email, client: "Globex", date, start, duration: "01:00:00" });
    const file = csv(TOGGL_HEADER, [row("2026-11-24", "09:00:00"), row("2026-11-18", "09:00:00"), row("2026-11-19", "11:00:00")]);
    const approval = await submit(member);
    const before = await liveLogs(member.userId);

    const byMember = await upload(member, { source: "toggl", commit: "true" }, file);
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.body.data.isCommitted).toBe(false);
    expect(byMember.body.data.errors).toEqual([
      { line: 3, field: "start date", message: expect.stringMatching(/^This week was submitted for approval on/) },
      { line: 4, field: "start date", message: expect.stringMatching(/^This week was submitted for approval on/) },
    ]);
    expect(await liveLogs(member.userId)).toBe(before);

    await decide(admin, approval.id, "approve");
    const byAdmin = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(byAdmin.body.data.isCommitted).toBe(false);
    expect(byAdmin.body.data.errors.map((error: { line: number; message: string }) => [error.line, error.message])).toEqual([
      [3, expect.stringMatching(/^This week was approved on \d{1,2} \w{3}; ask an admin to reopen it\.$/)],
      [4, expect.stringMatching(/^This week was approved on/)],
    ]);
    expect(await liveLogs(member.userId)).toBe(before);

    await decide(admin, approval.id, "reopen");
    const reopened = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(reopened.body.data).toMatchObject({ isCommitted: true, logs: 3, errors: [] });
  });

  it("an admin's import into a member's submitted week goes through", async () => {
    const { admin, member } = await team();
    await submit(member);
    const file = csv(TOGGL_HEADER, [togglRow({ user: "Max Member", email: member.email, date: "2026-11-18", start: "09:00:00", duration: "01:00:00" })]);
    const imported = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(imported.body.data).toMatchObject({ isCommitted: true, logs: 1, errors: [] });
  });
});

describe("approving while the member writes", () => {
  it("never lets a write land in the week after its approval", async () => {
    const { admin, member } = await team();
    const logs = await Promise.all(Array.from({ length: 4 }, (_, index) => logAt(member, `2026-11-${17 + index}T09:00:00.000Z`, 600)));
    const approval = await submit(admin, { week: WEEK, userId: member.userId });
    // An admin may write a submitted week, so the admin's writes race the approval.
    const writes = [
      ...logs.map((log, index) => admin.client.patch(`/api/app/time-logs/${log.id}`, { description: `edit ${index}` })),
      admin.client.put("/api/app/timesheet/cells", { day: "2026-11-21", seconds: 900, customerId: null, constellationId: null, userId: member.userId }),
    ];
    const [approved, ...results] = await Promise.all([admin.client.post(`/api/app/approvals/${approval.id}/approve`, {}), ...writes]);
    expect(approved.status, approved.text).toBe(200);
    const decidedAt = new Date(approved.body.data.decidedAt).getTime();
    for (const result of results) {
      if (result.status !== 200) expectWeekLocked(result, "approved", result.body.details[0].field);
    }
    const inWeek = await (await getDb()).timeLog.findMany({ where: { userId: member.userId, startedAt: { gte: new Date(`${WEEK}T00:00:00Z`), lt: new Date("2026-11-23T00:00:00Z") } } });
    for (const log of inWeek) expect(Math.max(log.createdAt.getTime(), log.updatedAt.getTime())).toBeLessThanOrEqual(decidedAt);
    // After the approval, every write is refused.
    expectWeekLocked(await admin.client.patch(`/api/app/time-logs/${logs[0]!.id}`, { description: "late" }), "approved", "startedAt");
  });
});

describe("GET /api/app/reports/time?approval=", () => {
  it("counts only the logs of approved, submitted or neither weeks", async () => {
    const { admin, member } = await team();
    await logAt(member, IN_WEEK, 3600); // approved below
    await logAt(member, "2026-11-09T10:00:00.000Z", 600); // submitted below
    await logAt(member, NEXT_WEEK, 60); // never submitted
    await logAt(member, "2026-11-02T10:00:00.000Z", 5); // rejected: counts as none
    await decide(admin, (await submit(member, { week: WEEK })).id, "approve");
    await submit(member, { week: "2026-11-09" });
    await decide(admin, (await submit(member, { week: "2026-11-02" })).id, "reject", "no");
    const seconds = async (approval: string) => {
      const response = await admin.client.get(`/api/app/reports/time?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z&groupBy=member&approval=${approval}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.totals.seconds;
    };
    expect(await seconds("approved")).toBe(3600);
    expect(await seconds("submitted")).toBe(600);
    expect(await seconds("none")).toBe(65);
    expectValidationError(await admin.client.get("/api/app/reports/time?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z&groupBy=member&approval=maybe"), ["approval"]);
  });

  it("applies to the report's logs, its CSV and a saved report and its shared page", async () => {
    const { admin, member } = await team();
    await logAt(member, IN_WEEK, 3600);
    await logAt(member, "2026-11-19T10:00:00.000Z", 1800);
    await logAt(member, NEXT_WEEK, 60);
    await decide(admin, (await submit(member, { week: WEEK })).id, "approve");
    const november = "from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z";

    // The detail list, a page at a time, and for the member their own weeks.
    const first = await admin.client.get(`/api/app/reports/time/logs?${november}&approval=approved&limit=1`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((log: { durationSeconds: number }) => log.durationSeconds)).toEqual([3600]);
    const second = await admin.client.get(`/api/app/reports/time/logs?${november}&approval=approved&limit=1&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.map((log: { durationSeconds: number }) => log.durationSeconds)).toEqual([1800]);
    expect(second.body.pagination.hasMore).toBe(false);
    const notSubmitted = await member.client.get(`/api/app/reports/time/logs?${november}&approval=none`);
    expect(notSubmitted.body.data.map((log: { durationSeconds: number }) => log.durationSeconds)).toEqual([60]);
    expectValidationError(await admin.client.get(`/api/app/reports/time/logs?${november}&approval=maybe`), ["approval"]);

    // The CSV holds the same logs and names the filter's effect by its rows.
    const file = await admin.client.get(`/api/app/reports/time?${november}&groupBy=member&approval=none&format=csv`);
    expect(file.status, file.text).toBe(200);
    expect(file.text.trim().split("\n")).toHaveLength(2);

    // A saved report keeps the filter, and its shared page applies it.
    const saved = await admin.client.post("/api/app/reports/saved", {
      name: "Approved November",
      query: { range: { from: "2026-11-01T00:00:00.000Z", to: "2026-12-01T00:00:00.000Z" }, groupBy: "member", approval: "approved" },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data.query.approval).toBe("approved");
    const listed = await admin.client.get("/api/app/reports/saved");
    expect(listed.body.data[0].query).toMatchObject({ approval: "approved" });
    expectValidationError(
      await admin.client.post("/api/app/reports/saved", { name: "Bad", query: { range: "this_month", groupBy: "member", approval: "maybe" } }),
      ["query.approval"],
    );
    const shared = await admin.client.post(`/api/app/reports/saved/${saved.body.data.id}/share`);
    const token = String(shared.body.data.url).split("/").pop();
    const anonymous = new TestClient();
    const opened = await anonymous.get(`/api/trpc/savedReports.openShared?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result.data.report.totals.seconds).toBe(5400);
    expect(opened.body.result.data.report.filters).toContainEqual({ field: "approval", label: "Approval", value: "Approved weeks" });
    const sharedLogs = await anonymous.get(`/api/public/reports/${token}/logs`);
    expect(sharedLogs.body.data.map((log: { durationSeconds: number }) => log.durationSeconds)).toEqual([3600, 1800]);
  });
});
