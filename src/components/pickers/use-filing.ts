"use client";
// Where a log or timer's time goes, as its Task, Project and Customer pickers show it. Choosing a task
// fills in its project and customer, choosing a project its customer, as the server derives them
// (`timeLogs.filing`, the rule every write follows), so the pickers show before Start what will be
// recorded; the person can change either afterwards. A form using it is made afresh at each opening.
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTRPC } from "@/trpc/react";

export interface Filing {
  taskId: string | null;
  customerId: string | null;
  constellationId: string | null;
}

interface Labels {
  task?: string;
  customer?: string;
  project?: string;
}

type Picked = "task" | "customer" | "project";
const INHERITED_HINT = { customer: "Filled in from the task or project; change it if needed.", project: "The task's project; change it if needed." } as const;

/** The three references with their names; `initial` is a stored log's or timer's. */
export function useFiling(initial: Partial<Filing> & { labels?: Labels } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filing, setFiling] = useState<Filing>(() => ({ taskId: initial.taskId ?? null, customerId: initial.customerId ?? null, constellationId: initial.constellationId ?? null }));
  const [labels, setLabels] = useState<Labels>(initial.labels ?? {});
  // What was filled in rather than chosen (for the hint).
  const [inherited, setInherited] = useState<Set<"customer" | "project">>(new Set());
  // A lookup on its way (or one that failed): what was chosen, the derived ids omitted.
  const [underived, setUnderived] = useState<Partial<Filing> | null>(null);
  const request = useRef(0);

  async function derive(input: Partial<Filing>, fills: ("customer" | "project")[]) {
    const id = ++request.current;
    setUnderived(input);
    try {
      const result = await queryClient.fetchQuery(trpc.timeLogs.filing.queryOptions(input));
      if (id !== request.current) return;
      setUnderived(null);
      setFiling({ taskId: result.taskId, customerId: result.customerId, constellationId: result.constellationId });
      setLabels({ task: result.taskTitle ?? undefined, customer: result.customerName ?? undefined, project: result.projectName ?? undefined });
      setInherited(new Set(fills.filter((field) => (field === "customer" ? result.customerId : result.constellationId) !== null)));
    } catch {
      // The pickers keep what they show; saving without the derived ids lets the server derive them.
    }
  }

  function choose(picked: Picked, value: string | null) {
    // A choice made by hand wins over an answer still on its way.
    request.current += 1;
    setUnderived(null);
    const next = { ...filing, [picked === "project" ? "constellationId" : `${picked}Id`]: value };
    setFiling(next);
    setInherited((current) => new Set([...current].filter((field) => field !== picked)));
    if (picked === "task" && value) void derive({ taskId: value }, ["project", "customer"]);
    // A project brings its customer (else the task's); "No project" leaves the customer as it is.
    if (picked === "project" && value) void derive({ taskId: next.taskId, constellationId: value }, ["customer"]);
  }

  return {
    ...filing,
    /**
     * What to send: the ids shown; while a lookup is on its way (or after one failed), the ids chosen
     * with the derived ones omitted, so the server derives the same.
     */
    references(): Partial<Filing> {
      return underived ?? filing;
    },
    /** Props for the Task, Customer and Project pickers. */
    picker(picked: Picked) {
      const value = picked === "project" ? filing.constellationId : picked === "task" ? filing.taskId : filing.customerId;
      return {
        value,
        onChange: (next: string | null) => choose(picked, next),
        selectedLabel: labels[picked],
        hint: picked !== "task" && inherited.has(picked) ? INHERITED_HINT[picked] : undefined,
      };
    },
  };
}
