import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, nonceOf } from "./security-headers";

describe("the page's nonce", () => {
  it("is read back from the policy the proxy made, for the page's own inline script", () => {
    const nonce = newNonce();
    expect(nonceOf(contentSecurityPolicy(nonce, false))).toBe(nonce);
  });

  it("is undefined where the request carries no policy", () => {
    expect(nonceOf(null)).toBeUndefined();
    expect(nonceOf("default-src 'self'")).toBeUndefined();
  });
});
