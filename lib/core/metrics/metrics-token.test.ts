import { describe, expect, it } from "vitest";
import { metricsAccess } from "./metrics-token";

describe("metricsAccess", () => {
  const token = "s3cret-metrics-token";

  it("is off without a token configured, whatever is sent", () => {
    expect(metricsAccess(`Bearer ${token}`, undefined)).toBe("off");
    expect(metricsAccess(null, "")).toBe("off");
  });

  it("allows the configured bearer token only", () => {
    expect(metricsAccess(`Bearer ${token}`, token)).toBe("allowed");
    expect(metricsAccess(`bearer ${token}`, token)).toBe("allowed");
    for (const header of [null, "", "Bearer", "Bearer ", `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Bearer ${token} extra`, token]) {
      expect(metricsAccess(header, token), String(header)).toBe("refused");
    }
  });
});
