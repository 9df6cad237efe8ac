import { describe, expect, it } from "vitest";
import { mailsKeptInOutbox, outboxPageEnabled } from "./outbox";

describe("outboxPageEnabled", () => {
  it("serves the outbox in development and tests, never in production, whatever MAIL_OUTBOX_PAGE says", () => {
    expect(outboxPageEnabled({ NODE_ENV: "development" } as unknown as NodeJS.ProcessEnv)).toBe(true);
    expect(outboxPageEnabled({ NODE_ENV: "production" } as unknown as NodeJS.ProcessEnv)).toBe(false);
    expect(outboxPageEnabled({ NODE_ENV: "production", MAIL_OUTBOX_PAGE: "1" } as unknown as NodeJS.ProcessEnv)).toBe(false);
  });
});

describe("mailsKeptInOutbox", () => {
  it("says the mails are in the outbox only outside production and without an SMTP server", () => {
    expect(mailsKeptInOutbox({ NODE_ENV: "development" } as unknown as NodeJS.ProcessEnv)).toBe(true);
    expect(mailsKeptInOutbox({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:2525" } as unknown as NodeJS.ProcessEnv)).toBe(false);
    expect(mailsKeptInOutbox({ NODE_ENV: "production" } as unknown as NodeJS.ProcessEnv)).toBe(false);
  });
});
