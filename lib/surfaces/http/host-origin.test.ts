import { describe, expect, it } from "vitest";
import { formOrigins, hostOrigin, redirectOrigin } from "./host-origin";

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

describe("redirectOrigin", () => {
  it("reads the Host, never X-Forwarded-Host (issue 46); a proxy's -Proto still says https", () => {
    const headers = new Headers({ host: "pay.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(redirectOrigin(headers)).toBe("https://pay.example");
    expect(redirectOrigin(new Headers())).toBe("http://localhost");
  });
});

describe("formOrigins", () => {
  it("the Host's and the public address's, never X-Forwarded-Host", () => {
    const headers = new Headers({ host: "10.0.0.5:3000", "x-forwarded-host": "evil.example" });
    expect(formOrigins(headers, { NODE_ENV: "production", PAYMENT_BASE_URL: "https://pay.example.com/" })).toEqual(["http://10.0.0.5:3000", "https://pay.example.com"]);
    expect(formOrigins(new Headers({ host: "pay.test" }), { NODE_ENV: "development" })).toEqual(["http://pay.test"]);
    expect(formOrigins(new Headers({ host: "10.0.0.5:3000" }), { NODE_ENV: "production", BETTER_AUTH_URL: "https://app.example.com/x" })).toEqual(["http://10.0.0.5:3000", "https://app.example.com"]);
  });
});
