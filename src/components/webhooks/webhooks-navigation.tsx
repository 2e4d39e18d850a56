"use client";
// The webhooks console's sections: endpoints, events, event types.
import Link from "next/link";
import { cn } from "@/components/ui/cn";

const SECTIONS = [
  { key: "endpoints", href: "/webhooks", label: "Endpoints" },
  { key: "events", href: "/webhooks/events", label: "Events" },
  { key: "event-types", href: "/webhooks/event-types", label: "Event types" },
] as const;

export function WebhooksNavigation({ current }: { current: (typeof SECTIONS)[number]["key"] }) {
  return (
    <nav aria-label="Webhooks" className="mb-4">
      <ul className="flex flex-wrap gap-2 list-none m-0 p-0">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              href={section.href}
              aria-current={section.key === current ? "page" : undefined}
              className={cn("inline-block rounded-md px-3 py-1.5 text-sm border border-border", section.key === current ? "bg-primary-soft text-primary-soft-foreground font-semibold" : "bg-surface")}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
