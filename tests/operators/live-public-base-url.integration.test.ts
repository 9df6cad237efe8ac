import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db/client";
import { call, ORIGIN } from "../helpers/api-client";
import { validLink } from "../helpers/fixtures";
import { merchantCheckedAfterEach } from "../helpers/reconciled";
import { startMtnMomoFake, type MtnMomoFake } from "../fakes/mtn-momo-fake";
import { mtnMomoFakeEnv, waveFakeEnv } from "../fakes/start-operator-fakes";
import { startWaveFake, type WaveFake } from "../fakes/wave-fake";

// Issue 15: the addresses we give operators (MTN's X-Callback-Url, Wave's success_url and
// error_url) are built from PAYMENT_BASE_URL, the public address, never from the host the request
// came in on: behind a proxy that is an internal host MTN cannot call and a browser cannot open.

let mtn: MtnMomoFake;
let wave: WaveFake;
const saved = { ...process.env };
const PUBLIC = "https://pay.example.com";
// What a proxy forwards: the app's internal address.
const internal = { "x-forwarded-host": "app-internal.lan:3000", "x-forwarded-proto": "http", "x-forwarded-for": "10.77.0.9" };

beforeAll(async () => {
  [mtn, wave] = await Promise.all([startMtnMomoFake(), startWaveFake()]);
  for (const name of Object.keys(process.env)) if (name.startsWith("ORANGE_MONEY_")) delete process.env[name];
  Object.assign(process.env, mtnMomoFakeEnv(mtn), waveFakeEnv(wave), { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI" });
});
afterEach(() => {
  delete process.env.PAYMENT_BASE_URL;
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([mtn.close(), wave.close()]);
});

const merchant = merchantCheckedAfterEach();

let phones = 0;
function mtnCustomer() {
  const msisdn = `225071${String(Date.now() % 1e5).padStart(5, "0")}${String(++phones).padStart(2, "0")}`;
  mtn.script(msisdn, { customer: "never_answers", callback: "none" });
  return `+${msisdn}`;
}
const deposit = (gatewayName: string, customerPhone: string) =>
  call("POST", "/api/v4/classic/deposit/initiate", {
    key: merchant().liveKey,
    headers: internal,
    body: { amount: 5000, currency: "XOF", customerPhone, country: "CI", gatewayName },
  });
const mtnCallbackUrl = async (reference: string) => {
  const row = await db().deposit.findUniqueOrThrow({ where: { reference } });
  return mtn.received.find((r) => r.headers["x-reference-id"] === row.operatorRequestId)?.headers["x-callback-url"];
};
const waveSessionRequest = (clientReference: string) => {
  const sent = wave.received.find((r) => r.path === "/v1/checkout/sessions" && JSON.parse(r.body).client_reference === clientReference);
  return sent ? (JSON.parse(sent.body) as { success_url: string; error_url: string }) : undefined;
};

describe("the public base URL given to operators", () => {
  it("MTN's X-Callback-Url is PAYMENT_BASE_URL's callback route with our reference, not the forwarded host", async () => {
    process.env.PAYMENT_BASE_URL = `${PUBLIC}/`;
    const res = await deposit("MTN_MOMO_CI", mtnCustomer());
    expect(res.status).toBe(200);
    expect(await mtnCallbackUrl(res.body.reference)).toBe(`${PUBLIC}/api/operators/mtn-momo/callback?reference=${res.body.reference}`);
  });

  it("Wave's success_url and error_url: the checkout's public page for a link attempt, the public base for an API deposit without returnUrl", async () => {
    process.env.PAYMENT_BASE_URL = PUBLIC;
    const link = await call("POST", "/api/v4/payments/link", { key: merchant().liveKey, headers: internal, body: validLink });
    expect(link.body.paymentUrl).toBe(`${PUBLIC}/pay/${link.body.reference}`);
    const started = await call("POST", `/api/checkout/${link.body.reference}/attempts`, {
      headers: internal,
      body: { country: "CI", gatewayName: "WAVE_CI", customerPhone: "+2250700000444" },
    });
    expect(started.status).toBe(200);
    const attempt = await db().deposit.findFirstOrThrow({ where: { paymentLink: { reference: link.body.reference } } });
    expect(waveSessionRequest(attempt.reference)).toMatchObject({ success_url: link.body.paymentUrl, error_url: link.body.paymentUrl });

    const direct = await deposit("WAVE_CI", "+2250700000444");
    expect(direct.status).toBe(200);
    expect(waveSessionRequest(direct.body.reference)).toMatchObject({ success_url: PUBLIC, error_url: PUBLIC });
  });

  it("without PAYMENT_BASE_URL (a development server) the request's own origin is used", async () => {
    const res = await call("POST", "/api/v4/classic/deposit/initiate", {
      key: merchant().liveKey,
      body: { amount: 5000, currency: "XOF", customerPhone: mtnCustomer(), country: "CI", gatewayName: "MTN_MOMO_CI" },
    });
    expect(await mtnCallbackUrl(res.body.reference)).toBe(`${ORIGIN}/api/operators/mtn-momo/callback?reference=${res.body.reference}`);
  });
});
