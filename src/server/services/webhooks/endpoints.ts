// Webhook endpoints of an organization: list, create, update, delete. Every query names the caller's
// organization itself, so an id from another organization behaves exactly like a missing one.
import { randomBytes } from "node:crypto";
import type { Db, Prisma } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import type { Actor } from "@/server/services/auth/account";
import { changedFields, recordAudit, type AuditContext } from "@/server/services/audit/record";
import {
  serializeWebhookEndpoint,
  webhookEndpointSelect,
  type CreateEndpointInput,
  type EndpointIdInput,
  type RotatedEndpoint,
  type RotateSecretInput,
  type UpdateEndpointInput,
  type WebhookEndpointView,
} from "@/server/contract/webhook-endpoint";
import { newSigningKeyPair } from "@/server/webhooks/ed25519";
import { wakeDeliveryWorkers } from "@/server/webhooks/enqueue";
import { checkRegistrableUrl } from "@/server/webhooks/url-guard";
import { MAX_WEBHOOK_ENDPOINTS } from "@/lib/limits";

export interface EndpointOptions {
  /** Decides whether `http://localhost` may be registered (development only). */
  appEnv: string;
}

/** `whsec_` + 64 lowercase hex characters: 256 bits from the CSPRNG. */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

const endpointNotFound = () => notFound("Webhook endpoint");

/** The organization's endpoints, newest first. At most 20 exist, so the list is not paginated. */
export async function listEndpoints(db: Db, actor: Actor): Promise<WebhookEndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { organizationId: actor.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: webhookEndpointSelect,
  });
  return rows.map(serializeWebhookEndpoint);
}

/**
 * Registers an endpoint with a fresh secret. The URL (and what its name resolves to) is checked
 * before any lock is taken; the per-organization cap is counted under a lock on the organization
 * row, so concurrent creates cannot pass it together.
 */
const endpointTarget = (endpoint: { id: string; url: string }) => ({ type: "webhook_endpoint", id: endpoint.id, label: endpoint.url });

/** The fields an audit entry shows of an endpoint (never its secret or keys). */
const auditedEndpointSelect = { id: true, url: true, description: true, eventTypes: true, isActive: true, maxRequestsPerSecond: true, signing: true } as const;

export async function createEndpoint(db: Db, actor: Actor, input: CreateEndpointInput, options: EndpointOptions, audit: AuditContext): Promise<WebhookEndpointView> {
  await checkRegistrableUrl(input.url, { appEnv: options.appEnv });
  const keyPair = input.signing === "ed25519" ? await newSigningKeyPair() : undefined;
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${actor.organizationId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { organizationId: actor.organizationId } });
    if (count >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError("conflict", `An organization can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
    }
    const created = await tx.webhookEndpoint.create({
      data: {
        organizationId: actor.organizationId,
        url: input.url,
        secret: newEndpointSecret(),
        description: input.description ?? null,
        eventTypes: input.eventTypes,
        ...(input.maxRequestsPerSecond !== undefined && { maxRequestsPerSecond: input.maxRequestsPerSecond }),
        ...(keyPair && { signing: "ed25519" as const, ...keyPair }),
      },
      select: webhookEndpointSelect,
    });
    await recordAudit(tx, audit, {
      action: "webhook_endpoint.created",
      target: endpointTarget(created),
      metadata: { url: created.url, eventTypes: created.eventTypes, signing: input.signing ?? "hmac" },
    });
    return created;
  });
  return serializeWebhookEndpoint(row);
}

/**
 * A switch of `signing`: to ed25519 a new key pair (an endpoint already on ed25519 keeps its key), to
 * hmac the key pair is dropped. Nothing when `signing` is absent or unchanged.
 */
async function signingChange(db: Db, actor: Actor, input: UpdateEndpointInput) {
  if (input.signing === undefined) return {};
  const current = await db.webhookEndpoint.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { signing: true } });
  if (!current || current.signing === input.signing) return {};
  return input.signing === "ed25519" ? { signing: "ed25519" as const, ...(await newSigningKeyPair()) } : { signing: "hmac" as const, publicKey: null, sealedPrivateKey: null };
}

/**
 * Applies the given fields; an empty change answers the endpoint unchanged. `isActive: true`
 * re-enables: consecutiveFailures back to 0, disabledAt cleared (contract 3.4), and workers are
 * woken so paused deliveries resume. `isActive: false` is a manual disable and leaves disabledAt
 * alone: that timestamp records automatic disabling only.
 */
export async function updateEndpoint(db: Db, actor: Actor, input: UpdateEndpointInput, options: EndpointOptions, audit: AuditContext): Promise<WebhookEndpointView> {
  if (input.url !== undefined) await checkRegistrableUrl(input.url, { appEnv: options.appEnv });
  const data = {
    ...(await signingChange(db, actor, input)),
    ...(input.url !== undefined && { url: input.url }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.eventTypes !== undefined && { eventTypes: input.eventTypes }),
    ...(input.isActive !== undefined && { isActive: input.isActive }),
    ...(input.maxRequestsPerSecond !== undefined && { maxRequestsPerSecond: input.maxRequestsPerSecond }),
    ...(input.isActive === true && { consecutiveFailures: 0, disabledAt: null, disabledReason: null }),
  };
  const row = await db.$transaction(async (tx) => {
    const where = { id: input.id, organizationId: actor.organizationId };
    if (Object.keys(data).length) {
      const before = await tx.webhookEndpoint.findFirst({ where, select: auditedEndpointSelect });
      if (!before) throw endpointNotFound();
      // Paused by an admin: the reason is recorded only when it was active (the engine's reason stays).
      if (input.isActive === false) await tx.webhookEndpoint.updateMany({ where: { ...where, isActive: true }, data: { disabledReason: "manual" } });
      const { count } = await tx.webhookEndpoint.updateMany({ where, data });
      if (count === 0) throw endpointNotFound();
      if (input.isActive === true) await wakeDeliveryWorkers(tx);
      await recordEndpointChange(tx, audit, before, input);
    }
    const updated = await tx.webhookEndpoint.findFirst({ where, select: webhookEndpointSelect });
    if (!updated) throw endpointNotFound();
    return updated;
  });
  return serializeWebhookEndpoint(row);
}

/**
 * An admin's pause is `webhook_endpoint.disabled` (reason `manual`); every other changed field
 * (re-enabling included) is one `webhook_endpoint.updated` with `{ field: { from, to } }`.
 */
async function recordEndpointChange(
  tx: Prisma.TransactionClient,
  audit: AuditContext,
  before: Prisma.WebhookEndpointGetPayload<{ select: typeof auditedEndpointSelect }>,
  input: UpdateEndpointInput,
): Promise<void> {
  const { id: _id, ...fields } = input;
  const changes = changedFields(before, fields);
  if (changes.isActive && input.isActive === false) {
    delete changes.isActive;
    await recordAudit(tx, audit, { action: "webhook_endpoint.disabled", target: endpointTarget(before), metadata: { reason: "manual" } });
  }
  if (Object.keys(changes).length) await recordAudit(tx, audit, { action: "webhook_endpoint.updated", target: endpointTarget(before), metadata: { changes } });
}

/** Deletes the endpoint; its deliveries go with it (foreign-key cascade, one statement). */
export async function deleteEndpoint(db: Db, actor: Actor, input: EndpointIdInput, audit: AuditContext): Promise<{ success: true; id: string }> {
  return db.$transaction(async (tx) => {
    const [deleted] = await tx.$queryRaw<Array<{ id: string; url: string }>>`
      DELETE FROM "WebhookEndpoint" WHERE "id" = ${input.id} AND "organizationId" = ${actor.organizationId} RETURNING "id", "url"`;
    if (!deleted) throw endpointNotFound();
    await recordAudit(tx, audit, { action: "webhook_endpoint.deleted", target: endpointTarget(deleted) });
    return { success: true as const, id: input.id };
  });
}

/** Default overlap of a rotation: a day for receivers to switch to the new secret. */
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;

/**
 * A new secret; the one it replaces keeps signing (beside the new one) for `overlapSeconds`, so
 * receivers switch without missing a delivery. Rotating again during an overlap drops the older one:
 * an attempt carries at most two signatures. A disabled endpoint may rotate too (a leaked secret).
 */
export async function rotateSecret(
  db: Db,
  actor: Actor,
  input: RotateSecretInput,
  audit: AuditContext,
  now = new Date(),
): Promise<RotatedEndpoint> {
  const overlapSeconds = input.overlapSeconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
  return db.$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ secret: string }[]>`
      SELECT "secret" FROM "WebhookEndpoint" WHERE "id" = ${input.id} AND "organizationId" = ${actor.organizationId} FOR UPDATE`;
    if (!current) throw notFound("Webhook endpoint");
    const expiresAt = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
    const row = await tx.webhookEndpoint.update({
      where: { id: input.id, organizationId: actor.organizationId },
      data: { secret: newEndpointSecret(), previousSecret: expiresAt ? current.secret : null, previousSecretExpiresAt: expiresAt, updatedAt: now },
      select: { ...webhookEndpointSelect, previousSecretExpiresAt: true },
    });
    await recordAudit(tx, audit, {
      action: "webhook_endpoint.secret_rotated",
      target: endpointTarget(row),
      metadata: { overlapSeconds, previousSecretExpiresAt: expiresAt?.toISOString() ?? null },
    });
    const { previousSecretExpiresAt, ...endpoint } = row;
    return { ...serializeWebhookEndpoint(endpoint), previousSecretExpiresAt: previousSecretExpiresAt?.toISOString() ?? null };
  });
}
