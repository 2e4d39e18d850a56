"use client";
// A project's budget: the burn bar (spent against the budget in its current period) for everyone, and
// for admins the form for the project's rate and budget. Money is typed through the one money parser, in
// the currency of the customer the project bills (what its invoices are in).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, EmptyState, Form, MoneyField, QueryState, SelectField, TextField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useInvalidate } from "@/components/ui/use-invalidation";
import { formatAmount, moneyInputValue, parseMoney } from "@/lib/money";
import { parseDecimal } from "@/lib/numbers";
import { useTRPC } from "@/trpc/react";
import type { Project } from "@/trpc/types";

const FIELD_NAMES = ["rate", "kind", "value", "period", "alerts"];
/**
 * The currency of the project's customer (admins: members see no amounts); null without a customer,
 * whose rates apply in the currency of whichever customer a log bills.
 */
function useProjectCurrency(project: Project, isAdmin: boolean) {
  const trpc = useTRPC();
  const isEnabled = isAdmin && project.customerId !== null;
  const customer = useQuery({ ...trpc.customers.get.queryOptions({ id: project.customerId ?? "" }), enabled: isEnabled });
  // Pending (not loading) so that the server's render, which fetches nothing, waits for the currency too.
  return { currency: customer.data?.currency ?? null, isLoading: isEnabled && customer.isPending };
}

/** Typing an amount needs only its currency's digits: without a customer, two, as most currencies have. */
const typedIn = (currency: string | null) => currency ?? "USD";

function BurnBar({ id, currency }: { id: string; currency: string | null }) {
  const trpc = useTRPC();
  const budget = useQuery(trpc.constellations.budget.queryOptions({ id }));
  return (
    <QueryState query={budget} loadingLabel="Loading budget…">
      {(data) => {
        if (!data) return <p className="text-sm text-muted">No budget set for this project.</p>;
        const spent = data.kind === "hours" ? `${(data.spentSeconds / 3600).toFixed(1)} h` : data.spentCents === null ? null : formatAmount(data.spentCents, currency);
        const of = data.kind === "hours" ? `${data.value} h` : data.value === null ? null : formatAmount(data.value, currency);
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

function draftOf(project: Project, currency: string | null): Draft {
  const budget = project.budget ?? null;
  return {
    rate: moneyInputValue(project.hourlyRateCents ?? null, typedIn(currency)),
    kind: budget?.kind ?? "none",
    value: budget ? (budget.kind === "amount" ? moneyInputValue(budget.value, typedIn(currency)) : String(budget.value)) : "",
    period: budget?.period ?? "total",
    alerts: (budget?.alertPercents ?? [80, 100]).join(", "),
  };
}

function BudgetForm({ project, currency }: { project: Project; currency: string | null }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate("constellations");
  const update = useMutation(trpc.constellations.update.mutationOptions({ onSuccess: invalidate }));
  const [draft, setDraft] = useState(() => draftOf(project, currency));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const errors = useServerErrors(FIELD_NAMES, { budget: "value", "budget.value": "value", "budget.kind": "kind", "budget.period": "period", "budget.alertPercents": "alerts", hourlyRateCents: "rate" });
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value }));
  const errorOf = (field: string) => problems[field] ?? errors.fieldError(field);

  async function submit() {
    const found: Record<string, string> = {};
    const rate = parseMoney(draft.rate, typedIn(currency));
    if (!rate.ok) found.rate = rate.error;
    let value: number | null = null;
    if (draft.kind === "amount") {
      const money = parseMoney(draft.value, typedIn(currency));
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
    setDraft(draftOf({ ...project, ...saved }, currency));
  }

  return (
    <Form errors={errors} submitLabel="Save rate and budget" onSubmit={submit} status={update.isSuccess ? "Saved." : undefined}>
      <div className={FORM_GRID}>
        <MoneyField label="Project hourly rate" currency={currency} hint="e.g. 120 or 120,50; empty: the member's or customer's rate" value={draft.rate} onChange={set("rate")} error={errorOf("rate")} />
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
            {draft.kind === "hours" ? (
              <TextField label="Budget hours" inputMode="decimal" value={draft.value} onChange={set("value")} error={errorOf("value")} />
            ) : (
              <MoneyField label="Budget amount" currency={currency} value={draft.value} onChange={set("value")} error={errorOf("value")} />
            )}
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
function MemberRates({ projectId, currency }: { projectId: string; currency: string | null }) {
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
    const parsed = parseMoney(rate, typedIn(currency));
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
            <ul className="mb-3 grid list-none gap-2 p-0">
              {data.items.map((pair) => (
                <li key={pair.userId} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {pair.name}: {formatAmount(pair.hourlyRateCents, currency)} an hour
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
          <MoneyField label="Member hourly rate" currency={currency} hint="e.g. 120 or 120,50" value={rate} onChange={(event) => setRate(event.target.value)} error={problem ?? errors.fieldError("hourlyRateCents")} />
        </div>
      </Form>
    </div>
  );
}

export function ProjectBudgetPanel({ project, isAdmin }: { project: Project; isAdmin: boolean }) {
  const { currency, isLoading } = useProjectCurrency(project, isAdmin);
  return (
    <section aria-labelledby="project-budget" className={cn(CARD, "mt-7")}>
      <h2 id="project-budget" className="mt-0 mb-3">
        Budget
      </h2>
      <BurnBar id={project.id} currency={currency} />
      {isAdmin && !isLoading && <BudgetForm key={`${project.updatedAt}-${currency}`} project={project} currency={currency} />}
      {isAdmin && !isLoading && <MemberRates projectId={project.id} currency={currency} />}
    </section>
  );
}
