// The event catalog (contract section 6.1). New types are added here only.
export const EVENT_TYPES = ["time_log.created", "invoice.created"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** NOTIFY channel that wakes delivery workers when a transaction queued deliveries. */
export const DELIVERY_CHANNEL = "orbit_webhook_deliveries";
