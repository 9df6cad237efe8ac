import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWaveSignature } from "./wave-signature";

const secret = "wave_sn_WHS_test";
const body = '{"id":"AE_1","type":"checkout.session.completed","data":{"id":"cos-1","amount":"1500"}}';
const now = new Date("2026-11-23T10:00:00Z");
const t = Math.floor(now.getTime() / 1000);
const sign = (timestamp: number, raw = body, key = secret) => createHmac("sha256", key).update(`${timestamp}${raw}`).digest("hex");

describe("Wave-Signature", () => {
  it("accepts the HMAC-SHA256 of timestamp + raw body", () => {
    expect(verifyWaveSignature(`t=${t},v1=${sign(t)}`, body, secret, { now })).toEqual({ valid: true, timestamp: new Date(t * 1000) });
  });

  it("accepts any one of several v1 values (secret rotation)", () => {
    const header = `t=${t},v1=${sign(t, body, "old-secret")},v1=${sign(t)}`;
    expect(verifyWaveSignature(header, body, secret, { now }).valid).toBe(true);
  });

  it("refuses a tampered body, another secret, a stale or future timestamp, a malformed or missing header", () => {
    expect(verifyWaveSignature(`t=${t},v1=${sign(t)}`, body.replace("1500", "15000"), secret, { now })).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyWaveSignature(`t=${t},v1=${sign(t, body, "other")}`, body, secret, { now })).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyWaveSignature(`t=${t - 301},v1=${sign(t - 301)}`, body, secret, { now })).toEqual({ valid: false, reason: "expired" });
    expect(verifyWaveSignature(`t=${t + 301},v1=${sign(t + 301)}`, body, secret, { now })).toEqual({ valid: false, reason: "expired" });
    expect(verifyWaveSignature(`t=${t - 299},v1=${sign(t - 299)}`, body, secret, { now }).valid).toBe(true);
    // A signature of the body alone (no timestamp) is not Wave's scheme.
    const bodyOnly = createHmac("sha256", secret).update(body).digest("hex");
    expect(verifyWaveSignature(`t=${t},v1=${bodyOnly}`, body, secret, { now })).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyWaveSignature(`v1=${sign(t)}`, body, secret, { now })).toEqual({ valid: false, reason: "malformed" });
    expect(verifyWaveSignature(`t=${t}`, body, secret, { now })).toEqual({ valid: false, reason: "malformed" });
    expect(verifyWaveSignature(`t=${t},v1=zz`, body, secret, { now })).toEqual({ valid: false, reason: "mismatch" });
    expect(verifyWaveSignature(undefined, body, secret, { now })).toEqual({ valid: false, reason: "missing" });
    expect(verifyWaveSignature(`t=${t},v1=${sign(t)}`, body, null, { now })).toEqual({ valid: false, reason: "no_secret" });
  });
});
