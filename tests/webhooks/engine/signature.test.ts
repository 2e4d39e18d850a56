// Signing (src/server/webhooks/sign.ts) and the receiver's helper (src/webhooks/verify.ts), contract section 6.4.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader } from "@/server/webhooks/sign";
import { verifyWebhookSignature } from "@/webhooks/verify";

const secret = `whsec_${"ab12".repeat(16)}`;
const body = '{"id":"evt_1","type":"time_log.created","createdAt":"2026-01-05T09:30:00.000Z","data":{"note":"café ✓"}}';
const t = 1_767_605_400;
const now = t * 1000;
/** Computed independently of the code under test: HMAC-SHA256, key = the whole secret string, message = "<t>.<body>". */
const hmac = (key: string, timestamp: string | number, payload: string | Buffer) =>
  createHmac("sha256", key).update(Buffer.concat([Buffer.from(`${timestamp}.`), Buffer.from(payload)])).digest("hex");

describe("signatureHeader", () => {
  it("is t=<unix seconds>,v1=<lowercase hex HMAC-SHA256(secret, t.body)> keyed by the whole secret, prefix included", () => {
    const header = signatureHeader(secret, body, t);
    expect(header).toBe(`t=${t},v1=${hmac(secret, t, body)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(header).not.toContain(hmac(secret.slice("whsec_".length), t, body));
  });

  it("signs string and Buffer bodies alike, over the raw bytes", () => {
    expect(signatureHeader(secret, Buffer.from(body, "utf8"), t)).toBe(signatureHeader(secret, body, t));
  });

  it("writes t as whole seconds", () => {
    expect(signatureHeader(secret, body, t + 0.987)).toBe(`t=${t},v1=${hmac(secret, t, body)}`);
  });
});

describe("verifyWebhookSignature", () => {
  const valid = `t=${t},v1=${hmac(secret, t, body)}`;

  it("accepts a valid signature over a string or a Buffer body", () => {
    expect(verifyWebhookSignature(body, valid, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), valid, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, valid, secret, { now: new Date(now) })).toBe(true);
    expect(verifyWebhookSignature(body, signatureHeader(secret, body, Date.now() / 1000), secret)).toBe(true);
  });

  it("rejects a changed body, a re-serialized body, another secret and the secret without its prefix", () => {
    expect(verifyWebhookSignature(body.replace("café", "cafe"), valid, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 2), valid, secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, valid, `whsec_${"cd34".repeat(16)}`, { now })).toBe(false);
    expect(verifyWebhookSignature(body, valid, secret.slice("whsec_".length), { now })).toBe(false);
  });

  it.each([
    ["no header", undefined],
    ["null header", null],
    ["empty header", ""],
    ["missing t", `v1=${hmac(secret, t, body)}`],
    ["empty t", `t=,v1=${hmac(secret, "", body)}`],
    ["non-numeric t", `t=abc,v1=${hmac(secret, "abc", body)}`],
    ["NaN t", `t=NaN,v1=${hmac(secret, "NaN", body)}`],
    ["Infinity t", `t=Infinity,v1=${hmac(secret, "Infinity", body)}`],
    ["exponent t", `t=1.767605400e9,v1=${hmac(secret, "1.767605400e9", body)}`],
    ["hex t", `t=0x695b6c18,v1=${hmac(secret, "0x695b6c18", body)}`],
    ["t with trailing garbage", `t=${t}abc,v1=${hmac(secret, `${t}abc`, body)}`],
    ["two t entries", `t=${t},t=${t},v1=${hmac(secret, t, body)}`],
    ["missing v1", `t=${t}`],
    ["v0 instead of v1", `t=${t},v0=${hmac(secret, t, body)}`],
    ["empty v1", `t=${t},v1=`],
    ["v1 one character short", `t=${t},v1=${hmac(secret, t, body).slice(0, 63)}`],
    ["v1 one character long", `t=${t},v1=${hmac(secret, t, body)}0`],
    ["v1 as base64 of the digest", `t=${t},v1=${Buffer.from(hmac(secret, t, body), "hex").toString("base64")}`],
    ["v1 uppercase", `t=${t},v1=${hmac(secret, t, body).toUpperCase()}`],
    ["v1 of another message", `t=${t},v1=${hmac(secret, t + 1, body)}`],
    ["v1 with a multibyte character of the same character count", `t=${t},v1=${hmac(secret, t, body).slice(0, 63)}é`],
  ])("rejects %s", (_label, header) => {
    expect(verifyWebhookSignature(body, header, secret, { now })).toBe(false);
  });

  it("rejects signatures older or newer than the tolerance (300 s by default), accepts the boundary", () => {
    const signedAt = (seconds: number) => `t=${seconds},v1=${hmac(secret, seconds, body)}`;
    expect(verifyWebhookSignature(body, signedAt(t - 300), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, signedAt(t - 301), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, signedAt(t + 300), secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, signedAt(t + 301), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, signedAt(t - 3600), secret, { now })).toBe(false);
    expect(verifyWebhookSignature(body, signedAt(t - 30), secret, { now, toleranceSeconds: 10 })).toBe(false);
    expect(verifyWebhookSignature(body, signedAt(t - 30), secret, { now, toleranceSeconds: 60 })).toBe(true);
  });

  it("accepts a header with several v1 entries when any of them matches, ignores unknown entries and spaces", () => {
    const other = hmac(`whsec_${"00".repeat(32)}`, t, body);
    expect(verifyWebhookSignature(body, `t=${t},v1=${other},v1=${hmac(secret, t, body)}`, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, `t=${t}, v0=zzz, v1=${hmac(secret, t, body)}`, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, `v1=${hmac(secret, t, body)},t=${t}`, secret, { now })).toBe(true);
    expect(verifyWebhookSignature(body, `t=${t},v1=${other},v1=${other}`, secret, { now })).toBe(false);
  });

  it("verifies what the sender signs", () => {
    for (const payload of ["{}", body, "x".repeat(100_000)]) {
      expect(verifyWebhookSignature(payload, signatureHeader(secret, payload, t), secret, { now })).toBe(true);
    }
  });
});
