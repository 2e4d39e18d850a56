"use client";
// Settings → Preferences: the person's time zone, week start, clock, duration format and theme, saved
// per user through preferences.update. The account query takes the answer, so the shell applies the
// theme and the formats at once (src/components/shell/preferences-sync.tsx).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Form, SelectField, useServerErrors } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID } from "@/components/ui/styles";
import { useAccount } from "@/components/ui/use-account";
import { formatDurationAs } from "@/lib/duration";
import { useTRPC } from "@/trpc/react";
import type { Account } from "@/trpc/types";

type Preferences = Account["preferences"];
const FIELDS = ["timeZone", "weekStart", "timeFormat", "durationFormat", "theme"] as const;
const EXAMPLE_SECONDS = 5400;

/** A saved message survives the re-mount that applying new formats causes. */
let savedBeforeRemount = false;

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

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
  const zones = useMemo(() => timeZones(preferences.timeZone), [preferences.timeZone]);
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
          <SelectField
            label="Week starts on"
            name="weekStart"
            defaultValue={preferences.weekStart}
            options={[
              { value: "monday", label: "Monday" },
              { value: "sunday", label: "Sunday" },
            ]}
            error={errors.fieldError("weekStart")}
          />
          <SelectField
            label="Time format"
            name="timeFormat"
            defaultValue={preferences.timeFormat}
            options={[
              { value: "h24", label: "24-hour (14:30)" },
              { value: "h12", label: "12-hour (2:30 PM)" },
            ]}
            error={errors.fieldError("timeFormat")}
          />
        </div>
        <div className={FORM_GRID}>
          <SelectField
            label="Duration format"
            name="durationFormat"
            defaultValue={preferences.durationFormat}
            options={(["hm", "decimal", "hms"] as const).map((format) => ({ value: format, label: `${formatDurationAs(EXAMPLE_SECONDS, format)} (${{ hm: "h:mm", decimal: "hours", hms: "h:mm:ss" }[format]})` }))}
            error={errors.fieldError("durationFormat")}
          />
          <SelectField
            label="Theme"
            name="theme"
            defaultValue={preferences.theme}
            options={[
              { value: "system", label: "System" },
              { value: "light", label: "Light" },
              { value: "dark", label: "Dark" },
            ]}
            error={errors.fieldError("theme")}
          />
        </div>
      </Form>
    </section>
  );
}
