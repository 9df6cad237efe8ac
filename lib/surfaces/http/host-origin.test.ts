import { describe, expect, it } from "vitest";
import { hostOrigin } from "./host-origin";

describe("hostOrigin", () => {
  it("reads the Host header, over plain HTTP unless a proxy says otherwise", () => {
    expect(hostOrigin(new Headers({ host: "pay.example:3000" }))).toBe("http://pay.example:3000");
  });

  it("prefers a proxy's X-Forwarded-Host and -Proto, the first of each list", () => {
    const headers = new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "pay.example, inner.example", "x-forwarded-proto": "https, http" });
    expect(hostOrigin(headers)).toBe("https://pay.example");
  });

  it("falls back to http://localhost without any host header (an HTTP/1.0 client on the API lane)", () => {
    expect(hostOrigin(new Headers())).toBe("http://localhost");
  });
});
