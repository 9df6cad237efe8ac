import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path";

describe("sameOriginPath", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/links?status=pending&environment=sandbox", "/admin/links?status=pending&environment=sandbox"],
    ["/admin/merchants/mer_01J?env=sandbox&currency=XOF#pending-transfers", "/admin/merchants/mer_01J?env=sandbox&currency=XOF#pending-transfers"],
    ["/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K", "/test/pay/LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K"],
    ["/admin/search?q=Awa Koné", "/admin/search?q=Awa%20Kon%C3%A9"],
    ["/admin/../admin/audit", "/admin/audit"],
  ])("keeps the path on this site %j", (candidate, expected) => {
    expect(sameOriginPath(candidate)).toBe(expected);
  });

  it.each([
    "https://evil.example/admin",
    "http://this-site.invalid/admin",
    "//evil.example/admin",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "javascript:alert(1)",
    "admin/links",
    "",
    null,
    undefined,
    42,
  ])("refuses %j", (candidate) => {
    expect(sameOriginPath(candidate)).toBe("/");
    expect(sameOriginPath(candidate, "/admin")).toBe("/admin");
  });

  it("never leaves the site and always answers a valid Location, whatever the input", () => {
    const site = "https://pay.example";
    const segment = fc.constantFrom("/", "\\", "//", ".", "..", "%2e", "\t", "\n", "\r", " ", "%2F", "%5C", "@", ":", "?", "#", "evil.example", "é", "\u0000", "€");
    const crafted = fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join("")}`);
    fc.assert(
      fc.property(fc.oneof(crafted, fc.string({ unit: "binary" })), (candidate) => {
        const path = sameOriginPath(candidate);
        expect(path).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
        // What a browser does with the Location: resolve it against the page's address.
        expect(new URL(path, site).origin).toBe(site);
      }),
      { numRuns: 2000 },
    );
    // 2,000 runs take well under a second on a quiet machine, ~9 s on one shared by other work.
  }, 30_000);
});
