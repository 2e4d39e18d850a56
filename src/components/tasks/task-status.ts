// Task statuses as the app names them.
export const TASK_STATUSES = [
  { value: "todo", label: "To do" },
  { value: "up_next", label: "Up next" },
  { value: "in_progress", label: "In progress" },
  { value: "done", label: "Done" },
] as const;

export type TaskStatus = (typeof TASK_STATUSES)[number]["value"];

export function statusLabel(status: string): string {
  return TASK_STATUSES.find((entry) => entry.value === status)?.label ?? status;
}
