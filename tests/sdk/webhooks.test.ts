// verifyWebhook of orbit/sdk on real deliveries of the server: the contract's X-Service-Signature and the
// Standard Webhooks HMAC each alone, Ed25519 with the public key alone, and the refusals (a tampered
// body, an old timestamp, a wrong secret or key).
import { beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from "orbit/sdk";
import { getDb } from "@/server/db";
import { signUpOrganization, type SignedInUser } from "../harness/factories";
import { drainUntilSettled, useEngineEnvironment } from "../harness/webhook-engine";
import { useReceivers, type ReceivedRequest } from "../harness/receiver";

beforeAll(() => useEngineEnvironment());
const startReceiver = useReceivers();

async function logTime(admin: SignedInUser) {
  const response = await admin.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: `sdk-${Date.now()}-${Math.random()}`, description: "Signed", startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 60, source: "manual" }],
  });
  expect(response.status, response.text).toBe(200);
}

/** A real delivery to a new endpoint (`signing` as given) and the endpoint's secret and public key. */
async function deliveredRequest(signing: "hmac" | "ed25519"): Promise<{ request: ReceivedRequest; secret: string; publicKey?: string }> {
  const receiver = await startReceiver(() => ({ status: 204 }));
  const admin = await signUpOrganization({ plan: "pro" });
  const created = await admin.client.post("/api/app/webhooks", { url: receiver.url(), eventTypes: ["time_log.created"], signing });
  expect(created.status, created.text).toBe(201);
  await logTime(admin);
  await drainUntilSettled(await getDb(), { endpointId: created.body.data.id });
  expect(receiver.requests).toHaveLength(1);
  return { request: receiver.requests[0]!, secret: created.body.data.secret, publicKey: created.body.data.publicKey };
}

const without = (headers: ReceivedRequest["headers"], ...names: string[]) => Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).reason;
  }
  throw new Error("verified, but should have been refused");
}

describe("verifyWebhook", () => {
  it("verifies a real HMAC delivery in each dialect alone and returns the typed event", async () => {
    const { request, secret } = await deliveredRequest("hmac");
    const contractOnly = without(request.headers, "webhook-signature", "webhook-id", "webhook-timestamp");
    const standardOnly = without(request.headers, "x-service-signature");
    for (const headers of [request.headers, contractOnly, standardOnly]) {
      const event: WebhookEvent = verifyWebhook(request.body, headers, secret);
      expect(event.type).toBe("time_log.created");
      // Narrowing by `type` gives the type's own data.
      if (event.type === "time_log.created") expect(event.data.timeLog.durationSeconds).toBe(60);
      expect(event.id).toBe(request.headers["x-service-event-id"]);
    }
    // The body as a string and the headers as a Fetch Headers object verify the same.
    expect(verifyWebhook(request.body.toString("utf8"), new Headers(request.headers as Record<string, string>), secret).id).toBe(request.headers["x-service-event-id"]);
    // During a rotation: any of several secrets.
    expect(verifyWebhook(request.body, request.headers, [`whsec_${"0".repeat(64)}`, secret]).type).toBe("time_log.created");
  });

  it("verifies a real Ed25519 delivery with the public key alone", async () => {
    const { request, publicKey } = await deliveredRequest("ed25519");
    expect(publicKey).toMatch(/^whpk_/);
    const standardOnly = without(request.headers, "x-service-signature");
    expect(verifyWebhook(request.body, standardOnly, publicKey!).type).toBe("time_log.created");
    // The HMAC entries do not count for a public key: only a `v1a` signature does.
    const hmacOnly = { ...standardOnly, "webhook-signature": String(standardOnly["webhook-signature"]).split(" ").filter((entry) => entry.startsWith("v1,")).join(" ") };
    expect(refusal(() => verifyWebhook(request.body, hmacOnly, publicKey!))).toBe("no_matching_signature");
  });

  it("refuses a tampered body, an old or future timestamp, a wrong secret or key, and missing headers", async () => {
    const { request, secret } = await deliveredRequest("hmac");
    const { request: signed, publicKey } = await deliveredRequest("ed25519");
    const tampered = Buffer.from(request.body.toString("utf8").replace('"durationSeconds":60', '"durationSeconds":6000'));
    expect(tampered.equals(request.body)).toBe(false);
    expect(refusal(() => verifyWebhook(tampered, request.headers, secret))).toBe("no_matching_signature");
    expect(refusal(() => verifyWebhook(tampered, without(request.headers, "x-service-signature"), secret))).toBe("no_matching_signature");
    expect(refusal(() => verifyWebhook(Buffer.concat([signed.body, Buffer.from(" ")]), signed.headers, publicKey!))).toBe("no_matching_signature");

    const tenMinutes = 600_000;
    expect(refusal(() => verifyWebhook(request.body, request.headers, secret, { now: Date.now() + tenMinutes }))).toBe("timestamp_outside_tolerance");
    expect(refusal(() => verifyWebhook(request.body, request.headers, secret, { now: Date.now() - tenMinutes }))).toBe("timestamp_outside_tolerance");
    expect(refusal(() => verifyWebhook(signed.body, signed.headers, publicKey!, { now: Date.now() + tenMinutes }))).toBe("timestamp_outside_tolerance");
    // A wider tolerance accepts the same delivery.
    expect(verifyWebhook(request.body, request.headers, secret, { now: Date.now() + tenMinutes, toleranceSeconds: 900 }).type).toBe("time_log.created");

    expect(refusal(() => verifyWebhook(request.body, request.headers, `whsec_${"1".repeat(64)}`))).toBe("no_matching_signature");
    expect(refusal(() => verifyWebhook(signed.body, signed.headers, `whpk_${Buffer.alloc(32, 7).toString("base64")}`))).toBe("no_matching_signature");
    expect(refusal(() => verifyWebhook(request.body, request.headers, "not-a-secret"))).toBe("bad_secret");
    expect(refusal(() => verifyWebhook(request.body, without(request.headers, "x-service-signature", "webhook-signature"), secret))).toBe("missing_headers");
  });
});
