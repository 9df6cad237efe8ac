import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE_MS, DEFAULT_TIMEOUT_MS, webhookSettings } from "./webhook-settings";

describe("webhookSettings", () => {
  it("defaults to the documented schedule and a 10 s timeout, with no private host allowed", () => {
    expect(webhookSettings({})).toEqual({ retryScheduleMs: [...DEFAULT_RETRY_SCHEDULE_MS], timeoutMs: DEFAULT_TIMEOUT_MS, allowedPrivateHosts: [] });
    expect(DEFAULT_RETRY_SCHEDULE_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });

  it("reads a compressed schedule, a timeout and the allowed hosts", () => {
    const env = { WEBHOOK_RETRY_SCHEDULE_MS: "50, 50,0", WEBHOOK_TIMEOUT_MS: "400", WEBHOOK_ALLOWED_PRIVATE_HOSTS: " localhost:8443, [::1] ,," };
    expect(webhookSettings(env)).toEqual({ retryScheduleMs: [50, 50, 0], timeoutMs: 400, allowedPrivateHosts: ["localhost:8443", "[::1]"] });
  });

  it.each(["", "5s,10s", "-1,5", "1.5"])("ignores the malformed schedule %j", (value) => {
    expect(webhookSettings({ WEBHOOK_RETRY_SCHEDULE_MS: value }).retryScheduleMs).toEqual([...DEFAULT_RETRY_SCHEDULE_MS]);
  });

  it.each(["0", "-5", "abc", "1.5"])("ignores the malformed timeout %j", (value) => {
    expect(webhookSettings({ WEBHOOK_TIMEOUT_MS: value }).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });
});
