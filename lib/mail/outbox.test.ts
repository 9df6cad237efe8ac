import { describe, expect, it } from "vitest";
import { outboxPageEnabled } from "./outbox";

describe("outboxPageEnabled", () => {
  it("serves the outbox in development and tests, never in production, whatever MAIL_OUTBOX_PAGE says", () => {
    expect(outboxPageEnabled({ NODE_ENV: "development" } as unknown as NodeJS.ProcessEnv)).toBe(true);
    expect(outboxPageEnabled({ NODE_ENV: "production" } as unknown as NodeJS.ProcessEnv)).toBe(false);
    expect(outboxPageEnabled({ NODE_ENV: "production", MAIL_OUTBOX_PAGE: "1" } as unknown as NodeJS.ProcessEnv)).toBe(false);
  });
});
