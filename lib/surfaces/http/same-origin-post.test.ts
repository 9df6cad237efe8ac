import { describe, expect, it } from "vitest";
import { isSameOriginPost } from "./same-origin-post";

const ours = "https://pay.example.com";
const post = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

describe("isSameOriginPost", () => {
  it("takes our own Origin and refuses another, or the opaque null", () => {
    expect(isSameOriginPost(post({ origin: ours }), ours)).toBe(true);
    expect(isSameOriginPost(post({ origin: "https://evil.example" }), ours)).toBe(false);
    expect(isSameOriginPost(post({ origin: "null" }), ours)).toBe(false);
  });
  it("without Origin, falls back on a Referer of our origin, then on Sec-Fetch-Site", () => {
    expect(isSameOriginPost(post({ referer: `${ours}/pay/LINK_X` }), ours)).toBe(true);
    expect(isSameOriginPost(post({ referer: "https://pay.example.com.evil.example/pay" }), ours)).toBe(false);
    expect(isSameOriginPost(post({ referer: "not a url" }), ours)).toBe(false);
    expect(isSameOriginPost(post({ "sec-fetch-site": "same-origin" }), ours)).toBe(true);
    expect(isSameOriginPost(post({ "sec-fetch-site": "cross-site" }), ours)).toBe(false);
    expect(isSameOriginPost(post({}), ours)).toBe(false);
  });
  it("takes any of several origins of ours (the public address's and the Host's)", () => {
    const both = [ours, "http://10.0.0.5:3000"];
    expect(isSameOriginPost(post({ origin: "http://10.0.0.5:3000" }), both)).toBe(true);
    expect(isSameOriginPost(post({ referer: `${ours}/p/PAGE_X` }), both)).toBe(true);
    expect(isSameOriginPost(post({ origin: "https://evil.example" }), both)).toBe(false);
  });
});
