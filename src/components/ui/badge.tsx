// Badges (uppercase: a plan, an invoice's or a delivery's status) and pills (a task's or a key's
// state), each in one of a few tones that read in the light and the dark set.
import type { ReactNode } from "react";
import { cn } from "./cn";

export type Tone = "neutral" | "accent" | "success" | "danger" | "warning" | "info";

const TONES: Record<Tone, string> = {
  neutral: "bg-subtle text-muted-foreground",
  accent: "bg-primary-soft text-primary-soft-foreground",
  success: "bg-success-soft text-success",
  danger: "bg-danger-soft text-danger",
  warning: "bg-warning-soft text-warning",
  info: "bg-info-soft text-info",
};

export function badgeClass(tone: Tone = "neutral"): string {
  return cn("inline-block rounded-full px-[9px] py-px text-[0.8rem] font-bold uppercase tracking-[0.04em]", TONES[tone]);
}

export function pillClass(tone: Tone = "neutral"): string {
  return cn("inline-block whitespace-nowrap rounded-full px-2 py-px text-[0.78rem] font-semibold", TONES[tone]);
}

export function Badge({ tone, children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cn(badgeClass(tone), className)}>{children}</span>;
}

export function Pill({ tone, children }: { tone?: Tone; children: ReactNode }) {
  return <span className={pillClass(tone)}>{children}</span>;
}
