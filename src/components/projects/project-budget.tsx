"use client";
// A project's budget: the burn bar (spent against the budget in its current period) for everyone, and
// for admins the form for the project's rate and budget. Money is typed through the one money parser.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, EmptyState, Form, QueryState, SelectField, TextField, useServerErrors } from "@/components/ui";
import { FORM_GRID } from "@/components/ui/styles";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { formatMoney, moneyInputValue, parseMoney } from "@/lib/money";
import { parseDecimal } from "@/lib/numbers";
import { useTRPC } from "@/trpc/react";
import type { Project } from "@/trpc/types";

const FIELD_NAMES = ["rate", "kind", "value", "period", "alerts"];
/** Rates and budgets are in the project's customer's currency; without a customer, shown as USD. */
const CURRENCY = "USD";

function BurnBar({ id }: { id: string }) {
  const trpc = useTRPC();
  const budget = useQuery(trpc.constellations.budget.queryOptions({ id }));
  return (
    <QueryState query={budget} loadingLabel="Loading budget…">
      {(data) => {
        if (!data) return <p className="text-sm text-muted">No budget set for this project.</p>;
        const spent = data.kind === "hours" ? `${(data.spentSeconds / 3600).toFixed(1)} h` : data.spentCents === null ? null : formatMoney(data.spentCents, CURRENCY);
        const of = data.kind === "hours" ? `${data.value} h` : data.value === null ? null : formatMoney(data.value, CURRENCY);
        const period = data.period === "monthly" ? "this month" : "in total";
        const text = spent && of ? `${spent} of ${of} ${period} (${data.percent}%)` : `${data.percent}% of the budget ${period}`;
        return (
          <div>
            <div
              role="progressbar"
              aria-label="Budget spent"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.min(100, data.percent)}
              aria-valuetext={text}
              className="h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
            >
              <div className={`h-full ${data.percent >= 100 ? "bg-red-600" : data.percent >= 80 ? "bg-amber-500" : "bg-emerald-600"}`} style={{ width: `${Math.min(100, data.percent)}%` }} />
            </div>
            <p className="mt-1 text-sm">{text}</p>
          </div>
        );
      }}
    </QueryState>
  );
}

interface Draft {
  rate: string;
  kind: string;
  value: string;
  period: string;
  alerts: string;
}

function draftOf(project: Project): Draft {
  const budget = project.budget ?? null;
  return {
    rate: moneyInputValue(project.hourlyRateCents ?? null, CURRENCY),
    kind: budget?.kind ?? "none",
    value: budget ? (budget.kind === "amount" ? moneyInputValue(budget.value, CURRENCY) : String(budget.value)) : "",
    period: budget?.period ?? "total",
    alerts: (budget?.alertPercents ?? [80, 100]).join(", "),
  };
}

function BudgetForm({ project }: { project: Project }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("constellations");
  const update = useMutation(trpc.constellations.update.mutationOptions({ onSuccess: invalidate }));
  const [draft, setDraft] = useState(() => draftOf(project));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errors = useServerErrors(FIELD_NAMES, { budget: "value", "budget.value": "value", "budget.kind": "kind", "budget.period": "period", "budget.alertPercents": "alerts", hourlyRateCents: "rate" });
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: string) => problems[field] ?? errors.fieldError(field);

  async function submit() {
    const found: Record<string, string> = {};
    const rate = parseMoney(draft.rate, CURRENCY);
    if (!rate.ok) found.rate = rate.error;
    let value: number | null = null;
    if (draft.kind === "amount") {
      const money = parseMoney(draft.value, CURRENCY);
      if (!money.ok) found.value = money.error;
      else if (!money.minorUnits) found.value = "Enter the budget, such as 5000 or 5.000,00.";
      else value = money.minorUnits;
    } else if (draft.kind === "hours") {
      const hours = parseDecimal(draft.value, { maxFractionDigits: 2 });
      const number = hours.ok && !hours.negative ? Number(`${hours.whole}.${hours.fraction || "0"}`) : 0;
      if (number <= 0) found.value = "Enter the hours, such as 40 or 37,5.";
      else value = number;
    }
    const alerts = draft.alerts.split(/[,;\s]+/).filter(Boolean).map(Number);
    if (draft.kind !== "none" && (!alerts.length || alerts.some((percent) => !Number.isInteger(percent) || percent < 1 || percent > 1000))) {
      found.alerts = "Enter whole percentages between 1 and 1000, such as 80, 100.";
    }
    setProblems(found);
    if (Object.keys(found).length) return false;
    const saved = await update.mutateAsync({
      id: project.id,
      hourlyRateCents: rate.ok ? rate.minorUnits : null,
      budget: draft.kind === "none" ? null : { kind: draft.kind as "hours" | "amount", value: value!, period: draft.period as "total" | "monthly", alertPercents: alerts },
    });
    // What was typed (`150,50`) is shown as the server kept it (`150.5`).
    setDraft(draftOf({ ...project, ...saved }));
  }

  return (
    <Form errors={errors} submitLabel="Save rate and budget" onSubmit={submit} status={update.isSuccess ? "Saved." : undefined}>
      <div className={FORM_GRID}>
        <TextField label="Project hourly rate" hint="e.g. 120 or 120,50; empty: the member's or customer's rate" inputMode="decimal" value={draft.rate} onChange={set("rate")} error={errorOf("rate")} />
        <SelectField
          label="Budget kind"
          value={draft.kind}
          onChange={set("kind")}
          error={errorOf("kind")}
          options={[
            { value: "none", label: "No budget" },
            { value: "hours", label: "Hours" },
            { value: "amount", label: "Amount" },
          ]}
        />
        {draft.kind !== "none" && (
          <>
            <TextField label={draft.kind === "hours" ? "Budget hours" : "Budget amount"} inputMode="decimal" value={draft.value} onChange={set("value")} error={errorOf("value")} />
            <SelectField
              label="Budget period"
              value={draft.period}
              onChange={set("period")}
              error={errorOf("period")}
              options={[
                { value: "total", label: "Total" },
                { value: "monthly", label: "Each month" },
              ]}
            />
            <TextField label="Alert at (%)" hint="e.g. 80, 100" value={draft.alerts} onChange={set("alerts")} error={errorOf("alerts")} />
          </>
        )}
      </div>
    </Form>
  );
}

const PAIR_FIELDS = ["userId", "hourlyRateCents"];

/** A member's own rate on this project: the first level of the rate resolution. */
function MemberRates({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pairs = useQuery(trpc.rates.listProjectMemberRates.queryOptions({ id: projectId, limit: 100 }));
  const members = useQuery(trpc.rates.listMemberRates.queryOptions({ limit: 100 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.rates.listProjectMemberRates.pathKey() });
  const save = useMutation(trpc.rates.setProjectMemberRate.mutationOptions({ onSuccess: refresh }));
  const errors = useServerErrors(PAIR_FIELDS);
  const [problem, setProblem] = useState<string | undefined>();
  const [userId, setUserId] = useState("");
  const [rate, setRate] = useState("");
  async function submit() {
    const parsed = parseMoney(rate, CURRENCY);
    if (!parsed.ok || parsed.minorUnits === null) {
      setProblem(parsed.ok ? "Enter the member's hourly rate on this project, such as 120 or 120,50." : parsed.error);
      return false;
    }
    setProblem(undefined);
    await save.mutateAsync({ id: projectId, userId, hourlyRateCents: parsed.minorUnits });
    setRate("");
  }
  const options = (members.data?.items ?? []).map((member) => ({ value: member.userId, label: member.name }));
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-base">Member rates on this project</h3>
      <QueryState query={pairs} loadingLabel="Loading member rates…">
        {(data) =>
          data.items.length ? (
            <ul className="mb-3 grid gap-2">
              {data.items.map((pair) => (
                <li key={pair.userId} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {pair.name}: {formatMoney(pair.hourlyRateCents, CURRENCY)} an hour
                  </span>
                  <Button size="sm" aria-label={`Remove the project rate of ${pair.name}`} onClick={() => save.mutate({ id: projectId, userId: pair.userId, hourlyRateCents: null })}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No member rates.">Members bill this project at its rate, their own or the customer's.</EmptyState>
          )
        }
      </QueryState>
      <Form errors={errors} submitLabel="Set member rate" onSubmit={submit} isSubmitDisabled={!userId}>
        <div className={FORM_GRID}>
          <SelectField label="Member" value={userId} onChange={(event) => setUserId(event.target.value)} error={errors.fieldError("userId")} options={[{ value: "", label: "Choose a member" }, ...options]} />
          <TextField label="Member hourly rate" inputMode="decimal" hint="e.g. 120 or 120,50" value={rate} onChange={(event) => setRate(event.target.value)} error={problem ?? errors.fieldError("hourlyRateCents")} />
        </div>
      </Form>
    </div>
  );
}

export function ProjectBudgetPanel({ project, isAdmin }: { project: Project; isAdmin: boolean }) {
  return (
    <section aria-labelledby="project-budget" className="mt-6">
      <h2 id="project-budget" className="mb-2 text-lg">
        Budget
      </h2>
      <BurnBar id={project.id} />
      {isAdmin && <BudgetForm key={project.updatedAt} project={project} />}
      {isAdmin && <MemberRates projectId={project.id} />}
    </section>
  );
}
