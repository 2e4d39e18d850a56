"use client";
// Settings → Preferences: the person's time zone, week start, clock, duration format and theme, saved
// per user through preferences.update. The account query takes the answer, so the shell applies the
// theme and the formats at once (src/components/shell/preferences-sync.tsx).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Form, SelectField, useServerErrors, type SelectOption } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useAccount } from "@/components/ui/use-account";
import { formatDurationAs } from "@/lib/duration";
import { useTRPC } from "@/trpc/react";
import type { Account } from "@/trpc/types";
import { timeZoneChoices } from "@/lib/time-zone";

type Preferences = Account["preferences"];
const FIELDS = ["timeZone", "weekStart", "timeFormat", "durationFormat", "theme"] as const;
const EXAMPLE_SECONDS = 5400;

/** The preferences chosen from a short list, in the order the form shows them. */
const CHOICES: { name: Exclude<(typeof FIELDS)[number], "timeZone">; label: string; options: SelectOption[] }[] = [
  {
    name: "weekStart",
    label: "Week starts on",
    options: [
      { value: "monday", label: "Monday" },
      { value: "sunday", label: "Sunday" },
    ],
  },
  {
    name: "timeFormat",
    label: "Time format",
    options: [
      { value: "h24", label: "24-hour (14:30)" },
      { value: "h12", label: "12-hour (2:30 PM)" },
    ],
  },
  {
    name: "durationFormat",
    label: "Duration format",
    options: (["hm", "decimal", "hms"] as const).map((format) => ({ value: format, label: `${formatDurationAs(EXAMPLE_SECONDS, format)} (${{ hm: "h:mm", decimal: "hours", hms: "h:mm:ss" }[format]})` })),
  },
  {
    name: "theme",
    label: "Theme",
    options: [
      { value: "system", label: "System" },
      { value: "light", label: "Light" },
      { value: "dark", label: "Dark" },
    ],
  },
];

/** A saved message survives the re-mount that applying new formats causes. */
let savedBeforeRemount = false;

export function PreferencesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useAccount().preferences;
  const errors = useServerErrors(FIELDS);
  const [saved, setSaved] = useState(() => {
    const was = savedBeforeRemount;
    savedBeforeRemount = false;
    return was;
  });
  const zones = useMemo(() => timeZoneChoices(preferences.timeZone), [preferences.timeZone]);
  const update = useMutation(
    trpc.preferences.update.mutationOptions({
      onSuccess: (next) => queryClient.setQueryData(trpc.auth.me.queryKey(), (account) => (account ? { ...account, preferences: next } : account)),
    }),
  );

  async function submit(form: FormData) {
    const value = (name: (typeof FIELDS)[number]) => String(form.get(name) ?? "");
    setSaved(false);
    savedBeforeRemount = true;
    try {
      await update.mutateAsync({
        timeZone: value("timeZone"),
        weekStart: value("weekStart") as Preferences["weekStart"],
        timeFormat: value("timeFormat") as Preferences["timeFormat"],
        durationFormat: value("durationFormat") as Preferences["durationFormat"],
        theme: value("theme") as Preferences["theme"],
      });
      setSaved(true);
    } catch (caught) {
      savedBeforeRemount = false;
      throw caught;
    }
  }

  return (
    <section className={cn(CARD, "grid gap-4")} aria-labelledby="preferences-heading">
      <h2 id="preferences-heading">Preferences</h2>
      <Form
        errors={errors}
        submitLabel="Save preferences"
        actionsAlign="start"
        onSubmit={submit}
        status={
          <span role="status" className="text-sm text-muted-foreground">
            {saved ? "Preferences saved." : ""}
          </span>
        }
      >
        <SelectField label="Time zone" name="timeZone" defaultValue={preferences.timeZone} options={zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))} error={errors.fieldError("timeZone")} />
        <div className={FORM_GRID}>
          {CHOICES.map((choice) => (
            <SelectField key={choice.name} label={choice.label} name={choice.name} defaultValue={preferences[choice.name]} options={choice.options} error={errors.fieldError(choice.name)} />
          ))}
        </div>
      </Form>
    </section>
  );
}
