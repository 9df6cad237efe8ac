import { describe, expect, it } from "vitest";
import { productionSettingsProblems, productionSettingsWarnings } from "./production-settings";

const env = (values: Record<string, string>) => ({ NODE_ENV: "production", ...values }) as unknown as NodeJS.ProcessEnv;
const GOOD = { BETTER_AUTH_URL: "https://pay.example.com", BETTER_AUTH_SECRET: "a".repeat(32), DATABASE_URL: "postgresql://db/payments" };
const settingsOf = (values: Record<string, string>) => productionSettingsProblems(env(values)).map((p) => p.setting);

describe("productionSettingsProblems", () => {
  it("finds nothing wrong with a public address, a session key and no outbox", () => {
    expect(productionSettingsProblems(env(GOOD))).toEqual([]);
    // The embedded database keeps a session key of its own beside its files.
    expect(productionSettingsProblems(env({ BETTER_AUTH_URL: "http://localhost:3000" }))).toEqual([]);
  });

  it("refuses a server with no public address for mail links, or one that is not an http(s) URL, naming the setting", () => {
    for (const value of ["", "  ", "pay.example.com", "ftp://pay.example.com", "javascript:alert(1)"]) {
      const problems = productionSettingsProblems(env({ ...GOOD, BETTER_AUTH_URL: value }));
      expect(problems.map((p) => p.setting), JSON.stringify(value)).toEqual(["BETTER_AUTH_URL"]);
      expect(problems[0].problem).toMatch(/^BETTER_AUTH_URL is not (set|an http\(s\) URL).*every link in an e-mail/);
    }
    const { BETTER_AUTH_URL: _, ...unset } = GOOD;
    expect(settingsOf(unset)).toEqual(["BETTER_AUTH_URL"]);
  });

  it("refuses the development outbox whatever its value, saying why", () => {
    for (const value of ["1", "true", "0"]) {
      const problems = productionSettingsProblems(env({ ...GOOD, MAIL_OUTBOX_PAGE: value }));
      expect(problems.map((p) => p.setting)).toEqual(["MAIL_OUTBOX_PAGE"]);
      expect(problems[0].problem).toMatch(/MAIL_OUTBOX_PAGE is set: the development outbox \(\/dev\/outbox\) shows live password-reset/);
    }
  });

  it("refuses PostgreSQL without a session key, and says every problem at once", () => {
    const { BETTER_AUTH_SECRET: _, BETTER_AUTH_URL: __, ...bare } = GOOD;
    expect(settingsOf({ ...bare, MAIL_OUTBOX_PAGE: "1" })).toEqual(["BETTER_AUTH_URL", "MAIL_OUTBOX_PAGE", "BETTER_AUTH_SECRET"]);
  });
});

describe("optional settings given half or malformed", () => {
  it("refuses SMS chosen without its credentials, or an unknown provider", () => {
    expect(productionSettingsProblems(env({ ...GOOD, SMS_PROVIDER: "africastalking" }))).toEqual([
      { setting: "SMS_PROVIDER", problem: expect.stringMatching(/AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY unset\): set what it names, or SMS_PROVIDER=none$/) },
    ]);
    expect(settingsOf({ ...GOOD, SMS_PROVIDER: "twilio" })).toEqual(["SMS_PROVIDER"]);
    expect(settingsOf({ ...GOOD, SMS_PROVIDER: "africastalking", AFRICASTALKING_USERNAME: "pcs", AFRICASTALKING_API_KEY: "k" })).toEqual([]);
    expect(settingsOf({ ...GOOD, SMS_PROVIDER: "none" })).toEqual([]);
  });

  it("refuses an operator whose variables are set but do not make a usable configuration, naming what is set", () => {
    const mtn = { MTN_MOMO_BASE_URL: "https://mtn.example", MTN_MOMO_SUBSCRIPTION_KEY: "s", MTN_MOMO_API_USER: "u", MTN_MOMO_API_KEY: "k", MTN_MOMO_TARGET_ENVIRONMENT: "mtnivorycoast" };
    expect(settingsOf({ ...GOOD, ...mtn })).toEqual([]);
    const { MTN_MOMO_API_KEY: _, ...noKey } = mtn;
    const problems = productionSettingsProblems(env({ ...GOOD, ...noKey }));
    expect(problems).toEqual([{ setting: "MTN_MOMO_BASE_URL", problem: expect.stringMatching(/^MTN MoMo is partly configured \(MTN_MOMO_BASE_URL, .*MTN_MOMO_API_USER, .* set\) and its live gateways would stay off/) }]);
    // A country's own credentials must be whole too, whatever the defaults say.
    expect(settingsOf({ ...GOOD, ...mtn, MTN_MOMO_CM_API_USER: "cm-user" })).toEqual(["MTN_MOMO_BASE_URL"]);
    expect(settingsOf({ ...GOOD, ...mtn, MTN_MOMO_CM_API_USER: "cm-user", MTN_MOMO_CM_API_KEY: "cm-key" })).toEqual([]);
    expect(settingsOf({ ...GOOD, WAVE_WEBHOOK_SECRET: "w" })).toEqual(["WAVE_WEBHOOK_SECRET"]);
    expect(settingsOf({ ...GOOD, WAVE_API_KEY: "w", WAVE_WEBHOOK_STRATEGY: "hmac" })).toEqual(["WAVE_API_KEY"]);
    expect(settingsOf({ ...GOOD, ORANGE_MONEY_COUNTRIES: "SN" })).toEqual(["ORANGE_MONEY_COUNTRIES"]);
    // pawaPay: a token without its URL, or a callback key that is no PEM (every callback would be refused).
    const pawapay = { PAWAPAY_BASE_URL: "https://api.sandbox.pawapay.io", PAWAPAY_API_TOKEN: "t" };
    expect(settingsOf({ ...GOOD, ...pawapay, PAWAPAY_GATEWAYS: "MTN_MOMO_BJ" })).toEqual([]);
    expect(settingsOf({ ...GOOD, PAWAPAY_API_TOKEN: "t" })).toEqual(["PAWAPAY_API_TOKEN"]);
    expect(settingsOf({ ...GOOD, ...pawapay, PAWAPAY_CALLBACK_PUBLIC_KEY: "not a key" })).toEqual(["PAWAPAY_BASE_URL"]);
    // pawaPay's price: booked in full or the start stops, never a part of it silently dropped.
    expect(settingsOf({ ...GOOD, ...pawapay, PAWAPAY_FEES: "deposit=1.5%,payout=1%" })).toEqual([]);
    expect(settingsOf({ ...GOOD, ...pawapay, PAWAPAY_FEES: "deposit=1.5%,payout=1" })).toEqual(["PAWAPAY_BASE_URL"]);
  });

  it("refuses a count, duration or limit that is not a whole number, which the code would replace by its default", () => {
    expect(settingsOf({ ...GOOD, WEBHOOK_TIMEOUT_MS: "10s", API_REQUESTS_PER_MINUTE_PER_KEY: "1.5", DATABASE_POOL_SIZE: "-1" })).toEqual([
      "WEBHOOK_TIMEOUT_MS",
      "API_REQUESTS_PER_MINUTE_PER_KEY",
      "DATABASE_POOL_SIZE",
    ]);
    expect(settingsOf({ ...GOOD, WEBHOOK_TIMEOUT_MS: "10,20" })).toEqual(["WEBHOOK_TIMEOUT_MS"]);
    expect(settingsOf({ ...GOOD, WEBHOOK_RETRY_SCHEDULE_MS: "5000,300000", SHUTDOWN_TIMEOUT_MS: "30000", WEB_CONCURRENCY: "4" })).toEqual([]);
    expect(settingsOf({ ...GOOD, WEBHOOK_RETRY_SCHEDULE_MS: "5000,,1" })).toEqual(["WEBHOOK_RETRY_SCHEDULE_MS"]);
  });
});

describe("productionSettingsWarnings", () => {
  it("warns of a server without SMTP_URL, whose account e-mails would reach nobody", () => {
    expect(productionSettingsWarnings(env(GOOD)).map((w) => w.setting)).toEqual(["SMTP_URL"]);
    expect(productionSettingsWarnings(env({ ...GOOD, SMTP_URL: "smtp://mail.example.com:587" }))).toEqual([]);
  });
});
