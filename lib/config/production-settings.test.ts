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

describe("productionSettingsWarnings", () => {
  it("warns of a server without SMTP_URL, whose account e-mails would reach nobody", () => {
    expect(productionSettingsWarnings(env(GOOD)).map((w) => w.setting)).toEqual(["SMTP_URL"]);
    expect(productionSettingsWarnings(env({ ...GOOD, SMTP_URL: "smtp://mail.example.com:587" }))).toEqual([]);
  });
});
