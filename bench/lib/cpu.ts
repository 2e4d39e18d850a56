// CPU time of process groups and of named processes, from /proc (Linux). Used to say where a
// benchmark's time goes: the app's process group versus the database server's processes.
import { readdirSync, readFileSync } from "node:fs";

/** Kernel clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessStat {
  command: string;
  processGroup: number;
  cpuSeconds: number;
}

function readStat(pid: string): ProcessStat | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command is in parentheses and may itself contain spaces or parentheses.
    const close = raw.lastIndexOf(")");
    const command = raw.slice(raw.indexOf("(") + 1, close);
    const fields = raw.slice(close + 2).split(" ");
    // After the command: state(0) ppid(1) pgrp(2) … utime(11) stime(12).
    return { command, processGroup: Number(fields[2]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

export const isCpuAccountingAvailable = (() => {
  try {
    readdirSync("/proc/self");
    return true;
  } catch {
    return false;
  }
})();

/**
 * CPU seconds used so far by the processes of `processGroup` and by the processes whose command starts
 * with `commandPrefix`. Processes that exited in between are not counted, which is why it is
 * sampled around runs where those processes live on (the app server, PostgreSQL backends in a pool).
 */
export function cpuSnapshot(processGroup: number, commandPrefix: string): { group: number; named: number } {
  const snapshot = { group: 0, named: 0 };
  if (!isCpuAccountingAvailable) return snapshot;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = readStat(pid);
    if (!stat) continue;
    if (stat.processGroup === processGroup) snapshot.group += stat.cpuSeconds;
    if (stat.command.startsWith(commandPrefix)) snapshot.named += stat.cpuSeconds;
  }
  return snapshot;
}
