// Profiles one /api/v1 route in-process (no Next server): the route handler called directly, as the
// tests do, so a CPU profile (`node --cpu-prof`) names our functions and the libraries' unminified.
// Usage: DATABASE_URL=… ORBIT_KEY=sk_… tsx bench/profile-v1.ts [tasks_list|timelogs_list|tasks_create] [requests]
import { GET, POST } from "@/app/api/v1/[...path]/route";

const route = process.argv[2] ?? "tasks_list";
const count = Number(process.argv[3] ?? 2000);
const key = process.env.ORBIT_KEY!;
const base = "http://127.0.0.1:3000";
const make = () =>
  route === "tasks_create"
    ? new Request(`${base}/api/v1/tasks`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ title: "bench task" }) })
    : new Request(`${base}/api/v1/${route === "tasks_list" ? "tasks?limit=50" : "time-logs?limit=100"}`, { headers: { authorization: `Bearer ${key}` } });
const handler = route === "tasks_create" ? POST : GET;
const call = async () => {
  const response = await handler(make());
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
};
for (let index = 0; index < 200; index += 1) await call();
const started = performance.now();
// 8 concurrent callers, as a loaded server has several requests in progress.
let next = 0;
await Promise.all(Array.from({ length: 8 }, async () => { while (next++ < count) await call(); }));
const seconds = (performance.now() - started) / 1000;
console.log(`${route}: ${count} requests in ${seconds.toFixed(2)} s, ${(count / seconds).toFixed(0)} req/s in-process`);
process.exit(0);
