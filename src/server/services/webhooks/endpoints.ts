// Webhook endpoints of an organization: list, create, update, delete. Every query names the caller's
// organization itself, so an id from another organization behaves exactly like a missing one.
import { randomBytes } from "node:crypto";
import type { Db } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import type { Actor } from "@/server/services/auth/account";
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
export async function createEndpoint(db: Db, actor: Actor, input: CreateEndpointInput, options: EndpointOptions): Promise<WebhookEndpointView> {
  await checkRegistrableUrl(input.url, { appEnv: options.appEnv });
  const keyPair = input.signing === "ed25519" ? await newSigningKeyPair() : undefined;
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${actor.organizationId} FOR UPDATE`;
    const count = await tx.webhookEndpoint.count({ where: { organizationId: actor.organizationId } });
    if (count >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError("conflict", `An organization can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
    }
    return tx.webhookEndpoint.create({
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
export async function updateEndpoint(db: Db, actor: Actor, input: UpdateEndpointInput, options: EndpointOptions): Promise<WebhookEndpointView> {
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
      // Paused by an admin: the reason is recorded only when it was active (the engine's reason stays).
      if (input.isActive === false) await tx.webhookEndpoint.updateMany({ where: { ...where, isActive: true }, data: { disabledReason: "manual" } });
      const { count } = await tx.webhookEndpoint.updateMany({ where, data });
      if (count === 0) throw endpointNotFound();
      if (input.isActive === true) await wakeDeliveryWorkers(tx);
    }
    const updated = await tx.webhookEndpoint.findFirst({ where, select: webhookEndpointSelect });
    if (!updated) throw endpointNotFound();
    return updated;
  });
  return serializeWebhookEndpoint(row);
}

/** Deletes the endpoint; its deliveries go with it (foreign-key cascade, one statement). */
export async function deleteEndpoint(db: Db, actor: Actor, input: EndpointIdInput): Promise<{ success: true; id: string }> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id: input.id, organizationId: actor.organizationId } });
  if (count === 0) throw endpointNotFound();
  return { success: true, id: input.id };
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
    const { previousSecretExpiresAt, ...endpoint } = row;
    return { ...serializeWebhookEndpoint(endpoint), previousSecretExpiresAt: previousSecretExpiresAt?.toISOString() ?? null };
  });
}
