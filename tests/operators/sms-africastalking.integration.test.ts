import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFRICASTALKING_LIVE_URL, AFRICASTALKING_SANDBOX_URL, africasTalkingConfig, sendAfricasTalkingSms } from "@/lib/integrations/sms/africastalking/africastalking-client";
import { smsAvailability, smsProviderNamed } from "@/lib/integrations/sms/sms-settings";
import { africasTalkingFakeEnv, startAfricasTalkingFake, type AfricasTalkingFake } from "../fakes/africastalking-fake";

// The Africa's Talking adapter against the local fake of its SMS API (tests/fakes/africastalking-fake.ts):
// what it sends (path, headers, form body), and each answer it can get.

let fake: AfricasTalkingFake;
let reports: http.Server;
const posted: { contentType: string; body: string }[] = [];

beforeAll(async () => {
  fake = await startAfricasTalkingFake();
  reports = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      posted.push({ contentType: String(req.headers["content-type"]), body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => reports.listen(0, "127.0.0.1", resolve));
  fake.sendReportsTo(`http://127.0.0.1:${(reports.address() as AddressInfo).port}/reports`);
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => reports.close(resolve));
});

describe("sending an SMS through Africa's Talking", () => {
  it("posts the form to /version1/messaging with apiKey and Accept: application/json, and reads the message id and cost", async () => {
    const result = await sendAfricasTalkingSms({ ...fake.config, senderId: "SHOP" }, "+2250700000001", "Pay here: https://pay.example/pay/LINK_1");
    expect(result).toMatchObject({ outcome: "sent", providerStatus: "101 Success", cost: "XOF 25.0000" });
    expect(result.outcome === "sent" && result.messageId).toMatch(/^ATXid_[0-9a-f]{32}$/);
    const request = fake.received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/version1/messaging");
    expect(request.headers.apikey).toBe(fake.config.apiKey);
    expect(request.headers.accept).toBe("application/json");
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      username: "sandbox",
      to: "+2250700000001",
      message: "Pay here: https://pay.example/pay/LINK_1",
      from: "SHOP",
    });
  });

  it("sends no `from` without a sender id (Africa's Talking's default sender then)", async () => {
    await sendAfricasTalkingSms(fake.config, "+2250700000002", "hello");
    expect(new URLSearchParams(fake.received.at(-1)!.body).has("from")).toBe(false);
  });

  it("names each per-recipient refusal: invalid number, insufficient balance, blacklist, risk hold", async () => {
    const cases = [
      [403, "invalid_number", "403 InvalidPhoneNumber"],
      [405, "provider_balance", "405 InsufficientBalance"],
      [406, "blacklisted", "406 UserInBlacklist"],
      [401, "risk_hold", "401 RiskHold"],
    ] as const;
    for (const [i, [statusCode, reason, providerStatus]] of cases.entries()) {
      const number = `+22507000001${i}`;
      fake.script(number, { statusCode });
      expect(await sendAfricasTalkingSms(fake.config, number, "hello")).toEqual({ outcome: "failed", reason, providerStatus });
    }
  });

  it("reports a wrong key as provider_auth, a 5xx as provider_error, and no answer in time as provider_unreachable", async () => {
    expect(await sendAfricasTalkingSms({ ...fake.config, apiKey: "wrong" }, "+2250700000003", "hello")).toEqual({
      outcome: "failed",
      reason: "provider_auth",
      providerStatus: "401 The supplied authentication is invalid",
    });
    fake.failNext({ status: 503 });
    expect(await sendAfricasTalkingSms(fake.config, "+2250700000003", "hello")).toEqual({ outcome: "failed", reason: "provider_error", providerStatus: "HTTP 503" });
    fake.failNext({ delayMs: 500 });
    expect(await sendAfricasTalkingSms({ ...fake.config, timeoutMs: 100 }, "+2250700000003", "hello")).toMatchObject({ outcome: "failed", reason: "provider_unreachable" });
  });

  it("the fake posts the delivery report's form fields to the account's callback URL", async () => {
    fake.script("+2250700000004", { report: "Failed", failureReason: "UserDoesNotExist" });
    const result = await sendAfricasTalkingSms(fake.config, "+2250700000004", "hello");
    await expect.poll(() => posted.some((p) => p.body.includes("UserDoesNotExist"))).toBe(true);
    const last = posted.find((p) => p.body.includes("UserDoesNotExist"));
    expect(last?.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(last!.body))).toEqual({
      id: result.outcome === "sent" ? result.messageId : "",
      status: "Failed",
      phoneNumber: "+2250700000004",
      networkCode: "61205",
      retryCount: "0",
      failureReason: "UserDoesNotExist",
    });
  });
});

describe("the SMS_PROVIDER setting", () => {
  const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

  it("is none by default, says what is missing, and gives the adapter when configured", () => {
    expect(smsAvailability("live", env({}))).toMatchObject({ provider: null, why: expect.stringContaining("SMS_PROVIDER is none") });
    expect(smsAvailability("live", env({ SMS_PROVIDER: "africastalking" }))).toMatchObject({
      provider: null,
      why: expect.stringContaining("AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY"),
    });
    expect(smsAvailability("live", env(africasTalkingFakeEnv(fake))).provider?.name).toBe("africastalking");
  });
});

describe("test-mode texts", () => {
  const live = { SMS_PROVIDER: "africastalking", AFRICASTALKING_USERNAME: "boutique-pay", AFRICASTALKING_API_KEY: "atsk_live", AFRICASTALKING_SENDER_ID: "BOUTIQUE" };

  it("beside a live app, go only through the sandbox app's key, to the sandbox host, and without the live sender id", () => {
    expect(africasTalkingConfig("live", live as unknown as NodeJS.ProcessEnv)).toMatchObject({ baseUrl: AFRICASTALKING_LIVE_URL, username: "boutique-pay", apiKey: "atsk_live", senderId: "BOUTIQUE" });
    expect(africasTalkingConfig("sandbox", live as unknown as NodeJS.ProcessEnv)).toEqual({ missing: ["AFRICASTALKING_SANDBOX_API_KEY"] });
    const withSandbox = { ...live, AFRICASTALKING_SANDBOX_API_KEY: "atsk_sandbox" } as unknown as NodeJS.ProcessEnv;
    expect(africasTalkingConfig("sandbox", withSandbox)).toEqual({ baseUrl: AFRICASTALKING_SANDBOX_URL, username: "sandbox", apiKey: "atsk_sandbox", timeoutMs: 10_000 });
    expect(africasTalkingConfig("sandbox", { ...withSandbox, AFRICASTALKING_SANDBOX_BASE_URL: "http://127.0.0.1:9/" })).toMatchObject({ baseUrl: "http://127.0.0.1:9" });
  });

  it("have no provider without the sandbox app, saying which setting and why, while live texts do", () => {
    const env = live as unknown as NodeJS.ProcessEnv;
    expect(smsAvailability("sandbox", env)).toMatchObject({ provider: null, why: expect.stringMatching(/AFRICASTALKING_SANDBOX_API_KEY unset.*never to a real phone/) });
    expect(smsAvailability("live", env).provider?.name).toBe("africastalking");
    // Delivery reports are read whichever app posts them.
    expect(smsProviderNamed("africastalking", env)?.name).toBe("africastalking");
  });

  it("use the service's own app when it is the sandbox one (development), in both environments", () => {
    const env = africasTalkingFakeEnv(fake) as unknown as NodeJS.ProcessEnv;
    expect(africasTalkingConfig("sandbox", env)).toEqual(africasTalkingConfig("live", env));
    expect(africasTalkingConfig("sandbox", env)).toMatchObject({ username: "sandbox", baseUrl: fake.url });
  });
});
