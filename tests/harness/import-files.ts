// Export files as each tool writes them, after the tools' documented CSV exports:
//   - Toggl Track, Reports → Detailed → Export CSV: User, Email, Client, Project, Task, Description,
//     Billable, Start date, Start time, End date, End time, Duration (h:mm:ss), Tags, Amount (currency);
//     dates year first;
//   - Clockify, Reports → Detailed → Export CSV: every cell quoted; Project, Client, Description, Task,
//     User, Group, Email, Tags, Billable, Start Date, Start Time, End Date, End Time, Duration (h),
//     Duration (decimal), Billable Rate, Billable Amount; dates and clock as the exporting person's
//     profile writes them (DD/MM/YYYY with 24-hour times, or MM/DD/YYYY with 12-hour times);
//   - Harvest, Reports → Detailed time → Export CSV: Date, Client, Project, Project Code, Task, Notes,
//     Hours (decimal), Hours Rounded, Billable?, Invoiced?, Approved?, First Name, Last Name, Roles,
//     Employee?, Billable Rate, Billable Amount, Cost Rate, Cost Amount, Currency, External Reference URL.
// Each file is a list of rows as objects; `csv` writes them with the tool's header, quoting as needed.
import { BASE_URL } from "./http";
import type { SignedInUser } from "./factories";

export const TOGGL_HEADER = ["User", "Email", "Client", "Project", "Task", "Description", "Billable", "Start date", "Start time", "End date", "End time", "Duration", "Tags", "Amount (EUR)"];
export const CLOCKIFY_HEADER = [
  "Project", "Client", "Description", "Task", "User", "Group", "Email", "Tags", "Billable", "Start Date", "Start Time", "End Date", "End Time",
  "Duration (h)", "Duration (decimal)", "Billable Rate (EUR)", "Billable Amount (EUR)",
];
export const HARVEST_HEADER = [
  "Date", "Client", "Project", "Project Code", "Task", "Notes", "Hours", "Hours Rounded", "Billable?", "Invoiced?", "Approved?", "First Name", "Last Name",
  "Roles", "Employee?", "Billable Rate", "Billable Amount", "Cost Rate", "Cost Amount", "Currency", "External Reference URL",
];

const quote = (cell: string, always: boolean) => (always || /[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A CSV with `header` and one line per row (missing cells empty); Clockify quotes every cell. */
export function csv(header: string[], rows: Array<Record<string, string>>, { quoteAll = false } = {}): string {
  return [header, ...rows.map((row) => header.map((column) => row[column] ?? ""))].map((cells) => cells.map((cell) => quote(cell, quoteAll)).join(",")).join("\r\n") + "\r\n";
}

/** A Toggl Track row: a start, a duration, and the end Toggl writes beside them. */
export function togglRow(row: { user: string; email: string; client?: string; project?: string; task?: string; description?: string; billable?: "Yes" | "No"; date: string; start: string; duration: string; tags?: string }): Record<string, string> {
  const [h, m, s] = row.duration.split(":").map(Number) as [number, number, number];
  const [sh, sm, ss] = row.start.split(":").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(2000, 0, 1, sh, sm, ss) + (h * 3600 + m * 60 + s) * 1000);
  const endDate = new Date(Date.parse(`${row.date}T00:00:00Z`) + Math.floor((sh * 3600 + sm * 60 + ss + h * 3600 + m * 60 + s) / 86_400) * 86_400_000).toISOString().slice(0, 10);
  return {
    User: row.user, Email: row.email, Client: row.client ?? "", Project: row.project ?? "", Task: row.task ?? "", Description: row.description ?? "",
    Billable: row.billable ?? "Yes", "Start date": row.date, "Start time": row.start, "End date": endDate, "End time": end.toISOString().slice(11, 19),
    Duration: row.duration, Tags: row.tags ?? "", "Amount (EUR)": row.billable === "No" ? "0.00" : "120.00",
  };
}

export function clockifyRow(row: { user: string; email: string; client?: string; project?: string; task?: string; description?: string; date: string; start: string; end: string; hms: string; decimal: string }): Record<string, string> {
  return {
    Project: row.project ?? "", Client: row.client ?? "", Description: row.description ?? "", Task: row.task ?? "", User: row.user, Group: "", Email: row.email, Tags: "",
    Billable: "Yes", "Start Date": row.date, "Start Time": row.start, "End Date": row.date, "End Time": row.end, "Duration (h)": row.hms, "Duration (decimal)": row.decimal,
    "Billable Rate (EUR)": "95.00", "Billable Amount (EUR)": (Number(row.decimal) * 95).toFixed(2),
  };
}

export function harvestRow(row: { date: string; client?: string; project?: string; task?: string; notes?: string; hours: string; billable?: "Yes" | "No"; invoiced?: "Yes" | "No"; first: string; last: string }): Record<string, string> {
  return {
    Date: row.date, Client: row.client ?? "", Project: row.project ?? "", "Project Code": "", Task: row.task ?? "", Notes: row.notes ?? "", Hours: row.hours,
    "Hours Rounded": (Math.ceil(Number(row.hours) * 4) / 4).toFixed(2), "Billable?": row.billable ?? "Yes", "Invoiced?": row.invoiced ?? "No", "Approved?": "No",
    "First Name": row.first, "Last Name": row.last, Roles: "", "Employee?": "Yes", "Billable Rate": "100.0", "Billable Amount": (Number(row.hours) * 100).toFixed(2),
    "Cost Rate": "60.0", "Cost Amount": (Number(row.hours) * 60).toFixed(2), Currency: "Euro - EUR", "External Reference URL": "",
  };
}

/** POSTs the multipart form as a browser would: the fields, and the file part first unless `fieldsFirst`. */
export async function upload(user: SignedInUser, fields: Record<string, string>, file?: string, { fieldsFirst = false } = {}) {
  const form = new FormData();
  const attach = () => file !== undefined && form.set("file", new Blob([file], { type: "text/csv" }), "export.csv");
  if (!fieldsFirst) attach();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (fieldsFirst) attach();
  const encoded = new Request(BASE_URL, { method: "POST", body: form });
  return user.client.request("POST", "/api/app/imports", { rawBody: await encoded.text(), headers: { "content-type": encoded.headers.get("content-type")! } });
}
