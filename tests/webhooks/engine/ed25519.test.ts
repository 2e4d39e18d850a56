// Ed25519 signatures (app-api section 13): an endpoint created or patched with `signing: "ed25519"`
// gets a public key, every attempt adds a `v1a` signature a receiver verifies with the public key
// alone (Node's crypto), the HMAC signatures stay, the private key is stored sealed and never shown.
import { createPublicKey, verify } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { verifyWebhookSignature } from "@/webhooks/verify";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { drainUntilSettled, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers, type ReceivedRequest } from "../../harness/receiver";

beforeAll(() => useEngineEnvironment());
const startReceiver = useReceivers();

/** Verifies the `v1a` entries of `webhook-signature` with the `whpk_` public key only. */
function verifiesWithPublicKey(request: ReceivedRequest, publicKey: string): boolean {
  const raw = Buffer.from(publicKey.slice("whpk_".length), "base64");
  const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
  const message = Buffer.concat([Buffer.from(`${request.headers["webhook-id"]}.${request.headers["webhook-timestamp"]}.`), request.body]);
  const entries = String(request.headers["webhook-signature"]).split(" ").filter((entry) => entry.startsWith("v1a,"));
  return entries.length > 0 && entries.some((entry) => verify(null, message, key, Buffer.from(entry.slice(4), "base64")));
}

async function logTime(admin: SignedInUser) {
  const response = await admin.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: `ed-${Date.now()}-${Math.random()}`, description: "Signed", startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 60, source: "manual" }],
  });
  expect(response.status, response.text).toBe(200);
}

describe("ed25519 signing", () => {
  it("adds a v1a signature verified with the public key alone, keeps the HMAC ones, and stores the private key sealed", async () => {
    const receiver = await startReceiver(() => ({ status: 204 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const created = await admin.client.post("/api/app/webhooks", { url: receiver.url(), eventTypes: ["time_log.created"], signing: "ed25519" });
    expect(created.status, created.text).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({ signing: "ed25519", publicKey: expect.stringMatching(/^whpk_[A-Za-z0-9+/]{43}=$/) });
    expect(JSON.stringify(created.body)).not.toMatch(/sealedPrivateKey|PRIVATE KEY/);

    await logTime(admin);
    const db = await getDb();
    await drainUntilSettled(db, { endpointId: endpoint.id });
    const [request] = receiver.requests;
    expect(verifiesWithPublicKey(request!, endpoint.publicKey)).toBe(true);
    // Another key does not verify it; the HMAC signatures are still there and verify.
    const other = (await admin.client.post("/api/app/webhooks", { url: receiver.url("/other"), eventTypes: ["invoice.created"], signing: "ed25519" })).body.data;
    expect(verifiesWithPublicKey(request!, other.publicKey)).toBe(false);
    expect(verifyWebhookSignature(request!.body, String(request!.headers["x-service-signature"]), endpoint.secret)).toBe(true);
    expect(() => new Webhook(endpoint.secret).verify(request!.body.toString("utf8"), request!.headers as Record<string, string>)).not.toThrow();

    const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.sealedPrivateKey).toMatch(/^Fe26\.2\*/);
    const detail = await admin.client.get(`/api/app/webhooks/${endpoint.id}`);
    expect(detail.body.data).toMatchObject({ signing: "ed25519", publicKey: endpoint.publicKey });
    expect(JSON.stringify(detail.body)).not.toContain(row.sealedPrivateKey!);
  });

  it("switches by PATCH: back to hmac drops the key and the v1a signature, to ed25519 again makes a new key; a bad value is a 400", async () => {
    const receiver = await startReceiver(() => ({ status: 204 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = (await admin.client.post("/api/app/webhooks", { url: receiver.url(), eventTypes: ["time_log.created"] })).body.data;
    expect(endpoint).not.toHaveProperty("signing");
    expect(endpoint).not.toHaveProperty("publicKey");

    const signed = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { signing: "ed25519" });
    expect(signed.status, signed.text).toBe(200);
    const firstKey = signed.body.data.publicKey;
    expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { signing: "ed25519" })).body.data.publicKey).toBe(firstKey);

    const plain = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { signing: "hmac" });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.data).not.toHaveProperty("publicKey");
    const db = await getDb();
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).sealedPrivateKey).toBeNull();
    await logTime(admin);
    await drainUntilSettled(db, { endpointId: endpoint.id });
    expect(String(receiver.requests[0]!.headers["webhook-signature"])).not.toContain("v1a,");

    const again = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { signing: "ed25519" });
    expect(again.body.data.publicKey).toMatch(/^whpk_/);
    expect(again.body.data.publicKey).not.toBe(firstKey);

    const bad = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { signing: "rsa" });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: "signing", message: expect.any(String) }]);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.publicKey).toBe(again.body.data.publicKey);
  });
});
