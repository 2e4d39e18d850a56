// Webhook endpoint as the in-app API shows it (contract section 2.5): an explicit allowlist.
export interface WebhookEndpointRow {
  id: string;
  organizationId: string;
  url: string;
  secret: string;
  description: string | null;
  eventTypes: string[];
  isActive: boolean;
  consecutiveFailures: number;
  maxRequestsPerSecond: number;
  disabledAt: Date | null;
  createdAt: Date;
}

/** The row with its timestamps as ISO strings. */
export type WebhookEndpointView = Omit<WebhookEndpointRow, "disabledAt" | "createdAt"> & {
  disabledAt: string | null;
  createdAt: string;
};

/** Columns to select for `serializeWebhookEndpoint`; nothing else is read. */
export const webhookEndpointSelect = {
  id: true,
  organizationId: true,
  url: true,
  secret: true,
  description: true,
  eventTypes: true,
  isActive: true,
  consecutiveFailures: true,
  maxRequestsPerSecond: true,
  disabledAt: true,
  createdAt: true,
} as const;

export function serializeWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    secret: row.secret,
    description: row.description,
    eventTypes: [...row.eventTypes],
    isActive: row.isActive,
    consecutiveFailures: row.consecutiveFailures,
    maxRequestsPerSecond: row.maxRequestsPerSecond,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
