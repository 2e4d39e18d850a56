// The event catalog (contract sections 6.1 and 6.2): each event type with the schema of its `data`
// and example data. Producers are typed by it (enqueue.ts), test events send its examples, and the
// web app lists its types. New types are added here only. No server-only imports: the web app reads it.
import { z } from "zod";

const instant = z.string().meta({ format: "date-time" });

const EXAMPLE_TIME = "2026-01-05T09:00:00.000Z";

export const EVENT_CATALOG = {
  "time_log.created": {
    when: "a time log becomes durable: a live timer stop or an offline-sync commit",
    data: z.object({
      timeLog: z.object({
        id: z.string(),
        taskId: z.string().nullable(),
        description: z.string(),
        durationSeconds: z.number().int(),
        startedAt: instant,
        stoppedAt: instant,
        tags: z.array(z.string()),
        isBillable: z.boolean(),
      }),
      source: z.enum(["timer_stop", "offline_sync"]),
      userId: z.string(),
      organizationId: z.string(),
    }),
    example: (organizationId: string) => ({
      timeLog: {
        id: "log_example",
        taskId: "task_example",
        description: "Example time log",
        durationSeconds: 3600,
        startedAt: EXAMPLE_TIME,
        stoppedAt: "2026-01-05T10:00:00.000Z",
        tags: ["example"],
        isBillable: true,
      },
      source: "timer_stop" as const,
      userId: "user_example",
      organizationId,
    }),
  },
  "invoice.created": {
    when: "an invoice is generated",
    data: z.object({
      invoice: z.object({
        id: z.string(),
        number: z.string(),
        customerId: z.string(),
        totalCents: z.number().int(),
        currency: z.string(),
        status: z.string(),
        periodStart: instant,
        periodEnd: instant,
      }),
      organizationId: z.string(),
    }),
    example: (organizationId: string) => ({
      invoice: {
        id: "inv_example",
        number: "INV-0001",
        customerId: "cus_example",
        totalCents: 12_500,
        currency: "USD",
        status: "draft",
        periodStart: "2026-01-01T00:00:00.000Z",
        periodEnd: "2026-01-31T23:59:59.999Z",
      },
      organizationId,
    }),
  },
} as const;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as [EventType, ...EventType[]];

/** The `data` of an event of type T, as its schema describes it. */
export type EventData<T extends EventType> = z.output<(typeof EVENT_CATALOG)[T]["data"]>;

/** An event to queue: its type decides the shape of its data. */
export type NewEvent = { [T in EventType]: { organizationId: string; type: T; data: EventData<T> } }[EventType];

/** Example data of an event type (test events): the organization's real id, example values otherwise. */
export function exampleEventData<T extends EventType>(type: T, organizationId: string): EventData<T> {
  return EVENT_CATALOG[type].example(organizationId) as EventData<T>;
}

/** NOTIFY channel that wakes delivery workers when a transaction queued deliveries. */
export const DELIVERY_CHANNEL = "orbit_webhook_deliveries";
