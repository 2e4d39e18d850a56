// The task suites' fields, a task created through the API, and row counts that prove a refused write wrote nothing.
import { expect } from "vitest";
import { getDb } from "@/server/db";
import type { TestClient } from "./http";

export const TASK_KEYS = [
  "assigneeId",
  "billableSeconds",
  "comments",
  "createdAt",
  "customerId",
  "description",
  "id",
  "loggedSeconds",
  "primaryConstellationId",
  "status",
  "subtasks",
  "tags",
  "title",
  "updatedAt",
].sort();

export const SUBTASK_KEYS = ["createdAt", "id", "isCompleted", "title"];
export const COMMENT_KEYS = ["body", "createdAt", "id"];
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Row counts of everything a task write can touch in these organizations, to prove a refused request
 * wrote nothing (scoped, so other test files' writes never move them).
 */
export async function taskTableCounts(...organizationIds: string[]) {
  const db = await getDb();
  const inOrganizations = { organizationId: { in: organizationIds } };
  const [tasks, subtasks, links, comments] = await Promise.all([
    db.task.count({ where: inOrganizations }),
    db.subtask.count({ where: { task: inOrganizations } }),
    db.constellationTask.count({ where: { task: inOrganizations } }),
    db.comment.count({ where: { task: inOrganizations } }),
  ]);
  return { tasks, subtasks, links, comments };
}

/** Creates a task through the API and answers its response body's `data`. */
export async function createTask(api: TestClient, body: Record<string, unknown> = { title: "Write the report" }) {
  const response = await api.post("/api/v1/tasks", body);
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

export { expectValidationError } from "./assertions";

/**
 * Waits until the clock has moved past `timestamp` (an ISO instant, at most a second away), so a write
 * from now on stamps a strictly later updatedAt and an unchanged one shows.
 */
export async function afterInstant(timestamp: string): Promise<void> {
  const instant = Date.parse(timestamp);
  await expect.poll(() => Date.now() > instant, { message: `the clock has not passed ${timestamp}`, interval: 1 }).toBe(true);
}
