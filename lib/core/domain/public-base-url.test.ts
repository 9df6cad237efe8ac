import { describe, expect, it } from "vitest";
import { publicBaseUrl } from "./public-base-url";

const forged = "https://evil.example";

describe("publicBaseUrl", () => {
  it("is PAYMENT_BASE_URL when set, whatever the request's origin", () => {
    expect(publicBaseUrl(forged, { NODE_ENV: "production", PAYMENT_BASE_URL: "https://pay.example.com/", BETTER_AUTH_URL: "https://app.example.com" })).toBe("https://pay.example.com");
  });

  it("in production without it, the site's public address: a forged Host never picks where customers and callbacks go", () => {
    expect(publicBaseUrl(forged, { NODE_ENV: "production", BETTER_AUTH_URL: "https://app.example.com/some/path" })).toBe("https://app.example.com");
  });

  it("only a development server with neither set uses the request's origin", () => {
    expect(publicBaseUrl("http://localhost:3000", { NODE_ENV: "development" })).toBe("http://localhost:3000");
    expect(publicBaseUrl("http://localhost:3000", { NODE_ENV: "development", BETTER_AUTH_URL: "https://app.example.com" })).toBe("http://localhost:3000");
  });
});
