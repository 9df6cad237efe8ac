import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./describe-user-agent";

describe("describeUserAgent", () => {
  it("names the browser and the system of common phones and computers", () => {
    expect(describeUserAgent("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36")).toBe("Chrome · Android");
    expect(describeUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari · iOS");
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0")).toBe("Edge · Windows");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")).toBe("Firefox · Linux");
  });

  it("keeps the start of an unknown one, and says nothing without one", () => {
    expect(describeUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(describeUserAgent(null)).toBeNull();
  });
});
